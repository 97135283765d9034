-- The levls server config, shared by lsp/levls.lua (Neovim 0.11
-- vim.lsp.config) and lua/lspconfig/configs/levls.lua (nvim-lspconfig's
-- legacy framework).
local M = {}

--- Settings under the `levls` section. The server reads them at initialize
--- (as initializationOptions), from workspace/didChangeConfiguration and by
--- pulling workspace/configuration, so changing them with vim.lsp.config and
--- restarting, or with client.settings + notify, both work.
---   nethack.dialect: "auto" (per file), "3.4.3" or "3.6"
---   nethack.variant: "auto" (MiniHack for Python files that import it),
---     "vanilla" or "minihack"
---   wuas.definitions: path to a WUAS definitions JSON (relative to the root)
M.settings = {
  levls = {
    nethack = { dialect = 'auto', variant = 'auto' },
  },
}

M.root_markers = { 'levls.toml', '.git', 'dungeon.def' }

local function levls_if_available()
  local ok, levls = pcall(require, 'levls')
  return ok and levls.available() and levls or nil
end

-- Only if editors/languages.json is unreadable (health reports it).
local FALLBACK = { 'derf', 'frupal', 'wuas', 'nethack-des', 'nethack-dungeon-def', 'dungeon-mystery', 'nethack-lua', 'nethack-dungeon-lua' }

--- The level filetypes.
function M.level_filetypes()
  local levls = levls_if_available()
  return levls and levls.filetypes() or vim.deepcopy(FALLBACK)
end

--- The level filetypes, then the hosts' (python).
function M.filetypes()
  local levls = levls_if_available()
  return levls and levls.server_filetypes() or vim.list_extend(vim.deepcopy(FALLBACK), { 'python' })
end

--- vim.lsp.Config's root_dir: the nearest root marker (the config's
--- `root_markers`, so vim.lsp.config can change them), for a level buffer
--- always, for a host buffer (python) only when its text mentions a level
--- (a MAZE:/LEVEL: header, MiniHack's name) when it is opened: not calling
--- on_dir keeps levls off the other Python buffers. A file that gains its
--- first level later attaches when written (plugin/levls.lua) or on :edit.
function M.root_dir(bufnr, on_dir)
  local levls = require('levls')
  if levls.available() and levls.host(vim.bo[bufnr].filetype) and not levls.mentions_level(bufnr) then
    return
  end
  local configured = vim.lsp.config.levls
  on_dir(vim.fs.root(bufnr, configured and configured.root_markers or M.root_markers))
end

--- Sends the current `levls` settings as initializationOptions too, so the
--- first diagnostics already use them.
function M.before_init(params, config)
  local section = config.settings and config.settings.levls
  if section ~= nil then
    params.initializationOptions = section
  end
end

return M
