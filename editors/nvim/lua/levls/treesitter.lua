-- Starts tree-sitter highlighting in levls buffers when the parser is
-- installed (:LevlsInstallParsers). Opt out with vim.g.levls_treesitter = false
-- (e.g. when nvim-treesitter or your own FileType autocmd does it).
local M = {}

function M.maybe_start(bufnr)
  if vim.g.levls_treesitter == false then
    return false
  end
  local levls = require('levls')
  local ft = vim.bo[bufnr].filetype
  local lang = levls.available() and levls.language(ft)
  if not lang or not lang.treeSitterName then
    return false
  end
  if vim.treesitter.highlighter.active[bufnr] then
    return true
  end
  if require('levls.parsers').installed(lang.treeSitterName) then
    return (pcall(vim.treesitter.start, bufnr, lang.treeSitterName))
  end
  if lang.treeSitterName == 'json' then
    -- dungeon-mystery is JSON: Vim's json syntax until a json parser exists.
    vim.bo[bufnr].syntax = 'json'
  end
  return false
end

return M
