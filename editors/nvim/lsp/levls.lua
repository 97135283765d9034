-- levls for vim.lsp.config / vim.lsp.enable('levls') (Neovim 0.11+).
-- Override any field with vim.lsp.config('levls', { ... }).
local config = require('levls.config')

---@type vim.lsp.Config
return {
  cmd = { 'levls', '--stdio' },
  filetypes = config.filetypes(),
  root_markers = config.root_markers,
  -- The root from root_markers; python buffers only when they hold a level.
  root_dir = config.root_dir,
  settings = vim.deepcopy(config.settings),
  before_init = config.before_init,
}
