---@brief
---
--- https://github.com/levls/levls
---
--- levls: a language server for hand-written game level files: DERF
--- (`.derf`, `.der`), Kingdom of Frupal maps (`.fmap`), WUAS datafiles
--- (`.dat` boards, detected by content), NetHack special levels (`.des`,
--- 3.4.3 and 3.6 dialects) and dungeon-mystery floor parameters
--- (`.dungeoneer.json`, `.dm.json`). Diagnostics, hover, completion, outline,
--- quick fixes, go to definition, references, rename, inlay hints, formatting
--- (WUAS) and semantic tokens. Also MiniHack levels written in Python
--- strings (`des_file="""MAZE: …"""`): in a Python buffer that mentions
--- MiniHack or a `MAZE:`/`LEVEL:` header when it is opened, levls reports the
--- levels' diagnostics and answers hover and completion inside them, and
--- nothing else.
---
--- Install the server with `cargo install levls`, `:MasonInstall levls`, or a
--- release archive. Neovim has no filetypes for these formats of its own: the
--- levls Neovim package (`editors/nvim` in the levls repository) defines them,
--- or add them with `vim.filetype.add`, e.g.
--- ```lua
--- vim.filetype.add({
---   extension = { derf = 'derf', der = 'derf', fmap = 'frupal', des = 'nethack-des' },
---   pattern = { ['.*%.dungeoneer%.json'] = 'dungeon-mystery', ['.*%.dm%.json'] = 'dungeon-mystery' },
--- })
--- ```
---
--- Settings (also read from a `levls.toml` above the file, which wins):
--- `levls.nethack.dialect` (`"auto"`, `"3.4.3"`, `"3.6"`), `levls.nethack.variant`
--- (`"auto"`, `"vanilla"`, `"minihack"`), `levls.wuas.definitions`
--- (a WUAS definitions JSON), `levls.dungeonMystery.node` and `.package`.

---@type vim.lsp.Config
return {
  cmd = { 'levls', '--stdio' },
  filetypes = { 'derf', 'frupal', 'wuas', 'nethack-des', 'nethack-dungeon-def', 'dungeon-mystery', 'nethack-lua', 'nethack-dungeon-lua', 'python' },
  root_markers = { 'levls.toml', '.git', 'dungeon.def' },
  -- Python buffers only when they may hold a level; the rest always.
  root_dir = function(bufnr, on_dir)
    if vim.bo[bufnr].filetype == 'python' then
      local mentions = vim.regex([[\v[Mm]ini[Hh]ack|(MAZE|LEVEL)\s*:]])
      local found = false
      for _, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
        if mentions:match_str(line) then
          found = true
          break
        end
      end
      if not found then
        return
      end
    end
    on_dir(vim.fs.root(bufnr, { 'levls.toml', '.git', 'dungeon.def' }))
  end,
  settings = {
    levls = {
      nethack = { dialect = 'auto', variant = 'auto' },
    },
  },
}
