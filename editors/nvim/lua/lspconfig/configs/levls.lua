-- levls for nvim-lspconfig's legacy `require('lspconfig').levls.setup{}`
-- (Neovim < 0.11, or configs that still use that framework). On 0.11+ prefer
-- vim.lsp.enable('levls'), which reads lsp/levls.lua from this package.
-- Level files only: Python buffers with MiniHack levels need 0.11's
-- root_dir(bufnr, on_dir), which decides per buffer (lsp/levls.lua).
local config = require('levls.config')

return {
  default_config = {
    cmd = { 'levls', '--stdio' },
    filetypes = config.level_filetypes(),
    root_dir = function(fname)
      return require('lspconfig.util').root_pattern(unpack(config.root_markers))(fname)
    end,
    single_file_support = true,
    settings = vim.deepcopy(config.settings),
    before_init = config.before_init,
  },
  docs = {
    description = [[
levls: a language server for hand-written game level files (DERF, Frupal maps,
WUAS datafiles, NetHack .des special levels, dungeon-mystery JSON). Build it
with `cargo build -p levls` and put the binary on PATH.
]],
  },
}
