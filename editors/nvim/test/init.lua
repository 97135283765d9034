-- Headless test entry: nvim --headless --clean -u editors/nvim/test/init.lua
-- Puts the package on 'runtimepath' (so its plugin/ and ftdetect run as they
-- would for a user), the levls binary ($LEVLS) on PATH, then runs
-- levls_spec.lua once Neovim has started. Exit code 0 only if every check passed.
local here = vim.fs.dirname(vim.fs.normalize(debug.getinfo(1, 'S').source:sub(2)))
here = vim.fn.fnamemodify(here, ':p'):gsub('/$', '')
local package_root = vim.fn.fnamemodify(here, ':h')

vim.opt.runtimepath:prepend(package_root)
vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'

local levls_bin = vim.env.LEVLS
if levls_bin and levls_bin ~= '' then
  vim.env.PATH = vim.fn.fnamemodify(levls_bin, ':p:h') .. ':' .. vim.env.PATH
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    vim.schedule(function()
      local ok, err = xpcall(dofile, debug.traceback, here .. '/levls_spec.lua')
      if not ok then
        io.stderr:write('levls_spec.lua crashed: ' .. tostring(err) .. '\n')
        vim.cmd('cquit 2')
      end
    end)
  end,
})
