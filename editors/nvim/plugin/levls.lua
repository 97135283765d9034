-- levls: filetypes, commands and tree-sitter hookup. The language server
-- itself is enabled by the user: vim.lsp.enable('levls') (lsp/levls.lua).
if vim.g.loaded_levls then
  return
end
vim.g.loaded_levls = true

local levls = require('levls')
if not levls.available() then
  vim.notify('levls: cannot read ' .. levls.languages_json() .. ' (see :checkhealth levls)', vim.log.levels.WARN)
  return
end

require('levls.filetype').setup()
require('levls.parsers').register()

local group = vim.api.nvim_create_augroup('levls', { clear = true })
vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = levls.filetypes(),
  desc = 'levls: comment string and tree-sitter highlighting',
  callback = function(args)
    local lang = levls.language(args.match)
    if lang and lang.lineComment then
      vim.bo[args.buf].commentstring = lang.lineComment .. ' %s'
    end
    require('levls.treesitter').maybe_start(args.buf)
  end,
})

-- A Python buffer is attached when it is opened if it mentions a level
-- (lsp/levls.lua's root_dir). One that gains its first level (an
-- `import minihack`, a MAZE: header) is attached when it is written: the
-- FileType autocmd of vim.lsp.enable runs again for it, and root_dir now
-- says yes.
local host_filetypes = vim.tbl_map(function(host)
  return host.id
end, levls.hosts())
if #host_filetypes > 0 then
  vim.api.nvim_create_autocmd('BufWritePost', {
    group = group,
    desc = 'levls: attach to a Python buffer that now holds a level',
    callback = function(args)
      local buf = args.buf
      if
        not vim.tbl_contains(host_filetypes, vim.bo[buf].filetype)
        or not (vim.lsp.is_enabled and vim.lsp.is_enabled('levls'))
        or levls.client(buf)
        or not levls.mentions_level(buf)
      then
        return
      end
      pcall(vim.api.nvim_exec_autocmds, 'FileType', { group = 'nvim.lsp.enable', buffer = buf })
    end,
  })
end

vim.api.nvim_create_user_command('LevlsInfo', function()
  levls.info_command()
end, { desc = 'levls: what the server makes of this buffer (levls/documentInfo)' })

vim.api.nvim_create_user_command('LevlsPreview', function(opts)
  if opts.args == 'browser' then
    levls.preview_command()
  elseif opts.args == '' then
    require('levls.preview').open(0)
  elseif opts.fargs[1] == 'samples' and #opts.fargs <= 2 and tonumber(opts.fargs[2] or '3') then
    require('levls.preview').open(0, math.max(0, math.floor(tonumber(opts.fargs[2] or '3'))))
  else
    vim.notify('levls: :LevlsPreview [browser | samples [N]]', vim.log.levels.ERROR)
  end
end, {
  nargs = '*',
  complete = function()
    return { 'browser', 'samples' }
  end,
  desc = 'levls: the map in a split that follows the text and the cursor (browser: as an HTML page; '
    .. 'samples N: with N levels the game generates from the text)',
})

vim.api.nvim_create_user_command('LevlsInstallParsers', function(opts)
  require('levls.parsers').command(opts.bang)
end, { bang = true, desc = 'levls: compile the tree-sitter parsers (! rebuilds all)' })
