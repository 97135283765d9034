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

M.root_markers = { 'levls.toml', '.git' }

function M.filetypes()
  local ok, levls = pcall(require, 'levls')
  if ok and levls.available() then
    return levls.filetypes()
  end
  -- Only if editors/languages.json is unreadable (health reports it).
  return { 'derf', 'frupal', 'wuas', 'nethack-des', 'dungeon-mystery' }
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
