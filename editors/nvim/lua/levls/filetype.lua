-- Filetype detection for the levls languages, built from editors/languages.json
-- at startup: `extensions` (compound ones such as .dm.json as patterns),
-- `contentDetected` extensions (.dat: a WUAS board, decided by content as
-- the server does), and `firstLine` regexes for files without a known
-- extension.
local M = {}

--- Translates the JavaScript regex subset languages.json uses (it is also
--- read by the VS Code extension) into a Vim very-magic regex.
function M.js_to_vim_regex(js)
  local out = { '\\v' }
  local i, n = 1, #js
  local in_class = false
  while i <= n do
    local c = js:sub(i, i)
    if c == '\\' then
      local nx = js:sub(i + 1, i + 1)
      if nx == 'u' and js:sub(i + 2, i + 5):match('^%x%x%x%x$') then
        out[#out + 1] = '%u' .. js:sub(i + 2, i + 5)
        i = i + 6
      else
        out[#out + 1] = c .. nx
        i = i + 2
      end
    elseif in_class then
      if c == ']' then
        in_class = false
      end
      out[#out + 1] = c
      i = i + 1
    elseif c == '[' then
      in_class = true
      out[#out + 1] = c
      i = i + 1
    elseif c == '(' and js:sub(i + 1, i + 2) == '?:' then
      out[#out + 1] = '%('
      i = i + 3
    elseif c:match('[<>=@%%~&]') then
      -- Literal in JavaScript, special in a very-magic Vim regex.
      out[#out + 1] = '\\' .. c
      i = i + 1
    else
      out[#out + 1] = c
      i = i + 1
    end
  end
  return table.concat(out)
end

--- Mirrors `looks_like_wuas` in server/src/formats/wuas/mod.rs: optional `#`
--- comment lines, an optional blank line, a number-like version line, then a
--- `+-…+` board border or `floor=` within the next 200 lines.
function M.looks_like_wuas(lines)
  local i = 1
  if lines[1] then
    lines[1] = lines[1]:gsub('^\239\187\191', '')
  end
  while lines[i] and lines[i]:sub(1, 1) == '#' do
    i = i + 1
  end
  local version = i
  if lines[i] and vim.trim(lines[i]) == '' then
    version = i + 1
  end
  local v = lines[version]
  if not v then
    return false
  end
  v = vim.trim(v):gsub('^[+-]+', '')
  if not (v:match('^%d') and v:match('^[%d_.]+$')) then
    return false
  end
  for j = version + 1, version + 199 do
    local l = lines[j]
    if not l then
      break
    end
    l = l:gsub('^%s+', '')
    if (l:sub(1, 2) == '+-' and l:gsub('%s+$', ''):sub(-1) == '+') or l:sub(1, 6) == 'floor=' then
      return true
    end
  end
  return false
end

local function buffer_lines(bufnr, count)
  return vim.api.nvim_buf_get_lines(bufnr, 0, count, false)
end

--- Mirrors `looks_like_dungeon_def` in server/src/formats/dungeon_def/mod.rs:
--- a line that starts `DUNGEON:` (blanks allowed), perhaps behind `%OPTION`.
function M.looks_like_dungeon_def(lines)
  for _, line in ipairs(lines) do
    local rest = line:gsub('^%%[%w_]*', '', 1)
    if rest:match('^%s*DUNGEON%s*:') then
      return true
    end
  end
  return false
end

--- Mirrors `looks_like_level` in server/src/formats/nethack_lua/mod.rs: a
--- line that starts with `des.` (a statement of the script itself).
function M.looks_like_lua_level(lines)
  for _, line in ipairs(lines) do
    if line:sub(1, 4) == 'des.' then
      return true
    end
  end
  return false
end

--- Mirrors `looks_like_dungeon` in
--- server/src/formats/nethack_dungeon_lua/syntax.rs: a line that starts by
--- assigning a table to `dungeon` (NetHack 5.0's dungeon.lua).
function M.looks_like_lua_dungeon(lines)
  for _, line in ipairs(lines) do
    if line:match('^dungeon%s*=%s*{') then
      return true
    end
  end
  return false
end

--- Whether a content-detected file's lines are in language `id`.
local function looks_like(id, bufnr)
  if id == 'wuas' then
    return M.looks_like_wuas(buffer_lines(bufnr, 260))
  elseif id == 'nethack-dungeon-def' then
    return M.looks_like_dungeon_def(buffer_lines(bufnr, 400))
  elseif id == 'nethack-lua' then
    return M.looks_like_lua_level(buffer_lines(bufnr, -1))
  elseif id == 'nethack-dungeon-lua' then
    return M.looks_like_lua_dungeon(buffer_lines(bufnr, -1))
  end
  return false
end

--- What Neovim makes of an extension it maps to one filetype, which a
--- content-detected extension of ours takes over (`.lua`).
local PLAIN = { lua = 'lua' }

--- Builds the vim.filetype.add() spec from the languages.
function M.spec(languages)
  local extension, pattern = {}, {}
  local first_line = {}
  -- The languages each content-detected extension may hold (`.lua`: a
  -- level or the dungeon layout), asked in the list's order.
  local by_content = {}
  for _, lang in ipairs(languages) do
    local id = lang.id
    for _, ext in ipairs(lang.extensions or {}) do
      local bare = ext:gsub('^%.', '')
      if bare:find('.', 1, true) then
        -- A compound extension: vim.filetype only keys on the last one.
        pattern['.*%.' .. vim.pesc(bare)] = id
      else
        extension[bare] = id
      end
    end
    for _, ext in ipairs(lang.contentDetected or {}) do
      local bare = ext:gsub('^%.', '')
      local ids = by_content[bare] or {}
      by_content[bare] = ids
      ids[#ids + 1] = id
      extension[bare] = function(path, bufnr)
        for _, candidate in ipairs(ids) do
          if looks_like(candidate, bufnr) then
            return candidate
          end
        end
        if PLAIN[bare] then
          return PLAIN[bare]
        end
        -- Not ours: what Neovim itself makes of it (e.g. .dat: Kuka KRL).
        local detect = require('vim.filetype.detect')
        if type(detect[bare]) == 'function' then
          return detect[bare](path, bufnr)
        end
      end
    end
    if lang.firstLine then
      first_line[#first_line + 1] = { id = id, regex = vim.regex(M.js_to_vim_regex(lang.firstLine)) }
    end
  end
  if #first_line > 0 then
    -- After extensions and Neovim's own patterns; only files nothing else
    -- claimed get here (e.g. an extensionless "level1" starting "MAZE:").
    pattern['.*'] = {
      function(_, bufnr)
        local line = buffer_lines(bufnr, 1)[1]
        if not line then
          return
        end
        for _, entry in ipairs(first_line) do
          if entry.regex:match_str(line) then
            return entry.id
          end
        end
      end,
      { priority = -1 },
    }
  end
  return { extension = extension, pattern = pattern }
end

local done = false

function M.setup()
  if done then
    return
  end
  done = true
  vim.filetype.add(M.spec(require('levls').languages()))
end

return M
