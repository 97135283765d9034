-- levls for vim.lsp.config / vim.lsp.enable('levls') (Neovim 0.11+).
-- Override any field with vim.lsp.config('levls', { ... }).
local config = require('levls.config')

---@type vim.lsp.Config
return {
  cmd = { 'levls', '--stdio' },
  filetypes = config.filetypes(),
  root_markers = config.root_markers,
  settings = vim.deepcopy(config.settings),
  before_init = config.before_init,
}
