-- The levls Neovim package, end to end against the real server. Run by
-- scripts/test-nvim through test/init.lua. Every check prints PASS/FAIL; the
-- exit code is non-zero if any failed.
local levls = require('levls')
local repo = levls.repo()
local corpus = vim.env.LEVLS_CORPUS or (vim.fn.getcwd() .. '/../shared/corpus')
local tmp = vim.fn.tempname()
vim.fn.mkdir(tmp, 'p')

local failures, passes = {}, 0
local function log(msg)
  io.stdout:write(msg .. '\n')
  io.stdout:flush()
end

--- Runs one named check; an error inside fails it and the run goes on.
local function check(name, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    passes = passes + 1
    log('PASS ' .. name)
  else
    failures[#failures + 1] = name
    log('FAIL ' .. name .. '\n    ' .. tostring(err):gsub('\n', '\n    '))
  end
end

local function eq(got, want, what)
  if not vim.deep_equal(got, want) then
    error(('%s: expected %s, got %s'):format(what or 'value', vim.inspect(want), vim.inspect(got)), 2)
  end
end

local function truthy(v, what)
  if not v then
    error((what or 'condition') .. ' failed', 2)
  end
  return v
end

local function write(name, lines)
  local path = tmp .. '/' .. name
  vim.fn.mkdir(vim.fs.dirname(path), 'p')
  vim.fn.writefile(lines, path)
  return path
end

local function open(path)
  local existing = vim.fn.bufnr(path)
  if existing > 0 and vim.api.nvim_buf_is_loaded(existing) then
    vim.api.nvim_set_current_buf(existing)
    return existing
  end
  vim.cmd('silent edit ' .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

--- Edits buf with fn, then puts its text back whatever happened.
local function edited(buf, fn)
  local saved = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local ok, err = pcall(fn)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, saved)
  vim.bo[buf].modified = false
  if not ok then
    error(err, 0)
  end
end

--- The first of paths that exists, or nil.
local function first_existing(paths)
  for _, p in ipairs(paths) do
    if vim.uv.fs_stat(p) then
      return p
    end
  end
end

--- Waits for the levls client to attach to buf.
local attach_failed = false
local function attached(buf)
  local client
  vim.wait(attach_failed and 1000 or 15000, function()
    client = levls.client(buf)
    return client ~= nil and client.initialized
  end, 20)
  attach_failed = client == nil
  return truthy(client, 'levls attached to ' .. vim.api.nvim_buf_get_name(buf))
end

--- A request at (1-based line, 0-based byte col); the encoding is utf-8,
--- checked below, so byte columns are LSP characters.
local function request(buf, method, line, col, extra)
  local client = attached(buf)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line - 1, character = col },
  }
  params = vim.tbl_extend('force', params, extra or {})
  local response, err = client:request_sync(method, params, 10000, buf)
  truthy(response, method .. ' answered (' .. tostring(err) .. ')')
  if response.err then
    error(method .. ': ' .. vim.inspect(response.err))
  end
  return response.result
end

local function find(buf, needle, nth)
  nth = nth or 1
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = l:find(needle, 1, true)
    if col then
      nth = nth - 1
      if nth == 0 then
        return i, col - 1
      end
    end
  end
  error('not found in buffer: ' .. needle)
end

local function wait_diagnostics(buf, pred, what)
  local found
  vim.wait(15000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if pred(d) then
        found = d
        return true
      end
    end
    return false
  end, 20)
  if not found then
    local seen = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      seen[#seen + 1] = ('%s: %s'):format(tostring(d.code), d.message)
    end
    error(('no diagnostic %s; got: %s'):format(what, vim.inspect(seen)))
  end
  return found
end

-- Fixtures ------------------------------------------------------------------

local example = {
  derf = repo .. '/examples/derf/01-gate-of-cinders.derf',
  der = repo .. '/examples/derf/02-shrine-of-saint-aube.der',
  frupal = repo .. '/examples/frupal/island.fmap',
  nethack = repo .. '/examples/nethack/watchtower.des',
}
-- Real files from the shared corpus when it is there ($LEVLS_CORPUS), small
-- stand-ins otherwise.
local wuas_board = first_existing({
  corpus .. '/wuas/wuas-render/turn8.dat',
  corpus .. '/wuas/reconstructed/2017/n-turn01.dat',
}) or write('board.dat', {
  '# a board',
  '',
  '1',
  '+----------+----------+',
  '|          | shop     |',
  '|          |          |',
  '+----------+----------+',
})
local dm_source = first_existing({ corpus .. '/dungeon-mystery/docs-examples/basic-usage.json' })
local dm_lines = dm_source and vim.fn.readfile(dm_source)
  or { '{"floor_props": {"layout": 1}, "dungeon_data": {"id": 1, "floor": 1}}' }
local dm = write('floor.dm.json', dm_lines)
local dm_dungeoneer = write('floor.dungeoneer.json', dm_lines)
log('corpus: ' .. (dm_source and corpus or '(not found; using stand-ins)') .. '; WUAS board: ' .. wuas_board)
local plain_json = write('plain.json', { '{"a": 1}' })
local not_wuas = write('notes.dat', { 'just some numbers', '1 2 3' })
local first_line = {
  ['nethack-des'] = write('firstline/towerlevel', { 'MAZE: "tl", \' \'', 'GEOMETRY: center, center', 'MAP', '.', 'ENDMAP' }),
  frupal = write('firstline/kingdom', { 'Frupal_Kingdom:', 'terrain: 1 1', '.' }),
  derf = write('firstline/room', { 'DERF:0.1.0', 'Room', 'A room.' }),
}
local bad = {
  derf = write('bad.derf', { 'DERF:0.1.0', 'Tiny', 'A room.', 'Flags: +north_exit +bogus_flag' }),
  frupal = write('bad.fmap', { 'Frupal_Kingdom:', 'terrain: 3 2', '...', '..' }),
  wuas = write('bad.dat', { '1', '+---+', '| x |', '+---+' }),
  nethack = write('bad.des', {
    "MAZE: \"bad\", ' '",
    'GEOMETRY: center, center',
    'MAP',
    '---',
    '|.|',
    '---',
    'ENDMAP',
    "OBJECT: ')', \"frobnicator\", (1,1)",
  }),
  dm = write('bad.dm.json', { '{"floor_props": {"layout": "x"}}' }),
}
-- NetHack 3.6: a $variable to rename, and a dialect the server must report.
local nh36 = write('v36.des', {
  "MAZE: \"v36\", ' '",
  'FLAGS: noteleport',
  'GEOMETRY: center, center',
  'MAP',
  '-----',
  '|...|',
  '-----',
  'ENDMAP',
  '$spots = { (1,1), (2,1), (3,1) }',
  'SHUFFLE: $spots',
  "MONSTER: 'd', \"jackal\", $spots[0]",
  "OBJECT: ')', \"dagger\", $spots[1]",
})
-- MiniHack: a level in a Python string with a misspelt monster (line 17,
-- column 10 of the .py), a Python file with no level, and one string per
-- way the injection query finds a level (des_file=, a *_des name, a header).
local minihack_py = write('maze_env.py', {
  '"""A MiniHack navigation task with one misspelt monster."""',
  'import gymnasium as gym',
  'import minihack  # noqa: F401',
  '',
  'des_file = """',
  "MAZE: \"mylevel\", ' '",
  'FLAGS: noteleport',
  'GEOMETRY: center, center',
  'MAP',
  '-------',
  '|.....|',
  '|.....|',
  '-------',
  'ENDMAP',
  'BRANCH: (1,1,1,1), (0,0,0,0)',
  'STAIR: (5,2), down',
  "MONSTER: ('D', \"red dragn\"), (3,1)",
  '"""',
  '',
  'env = gym.make("MiniHack-Navigation-Custom-v0", des_file=des_file)',
})
local plain_py = write('geometry.py', { 'def area(width, height):', '    return width * height', '', 'print(area(3, 4))' })
local injected_py = write('levels.py', {
  'env = make(des_file="""',
  '# the boss room',
  "MAZE: \"kw\", ' '",
  '""")',
  'boss_des = """',
  '# its stairs',
  'LEVEL: "named"',
  '"""',
  'text = """',
  "MAZE: \"header\", ' '",
  '"""',
  'note = """MAZES of Menace"""',
  'comment = """',
  '# only a comment',
  '"""',
  'path = load(des_file="boss.des")',
})

-- Filetype detection ---------------------------------------------------------

check('languages.json is read and gives the six filetypes', function()
  eq(
    levls.filetypes(),
    { 'derf', 'frupal', 'wuas', 'nethack-des', 'nethack-dungeon-def', 'dungeon-mystery', 'nethack-lua', 'nethack-dungeon-lua' },
    'filetypes'
  )
end)

check('firstLine regexes from languages.json translate to Vim regexes', function()
  local ft = require('levls.filetype')
  local samples = {
    derf = { yes = { 'DERF:0.1.0', '\239\187\191DERF:1' }, no = { ' DERF:', 'derf:' } },
    frupal = { yes = { 'Frupal_Kingdom:', 'Frupal_Kingdom:  ' }, no = { 'Frupal_Kingdom: x' } },
    ['nethack-des'] = { yes = { 'MAZE: "x"', 'LEVEL :"x"', 'MAZE:"x"' }, no = { '# MAZE:', 'MAZES:' } },
  }
  for _, lang in ipairs(levls.languages()) do
    if lang.firstLine then
      local re = vim.regex(ft.js_to_vim_regex(lang.firstLine))
      local s = truthy(samples[lang.id], 'samples for ' .. lang.id)
      for _, line in ipairs(s.yes) do
        truthy(re:match_str(line), lang.id .. ' matches ' .. line)
      end
      for _, line in ipairs(s.no) do
        truthy(not re:match_str(line), lang.id .. ' does not match ' .. line)
      end
    end
  end
end)

check('filetype detection by extension, content (.dat) and first line', function()
  local want = {
    [example.derf] = 'derf',
    [example.der] = 'derf',
    [example.frupal] = 'frupal',
    [example.nethack] = 'nethack-des',
    [wuas_board] = 'wuas',
    [dm] = 'dungeon-mystery',
    [dm_dungeoneer] = 'dungeon-mystery',
    [plain_json] = 'json',
    [bad.wuas] = 'wuas',
    [first_line['nethack-des']] = 'nethack-des',
    [first_line.frupal] = 'frupal',
    [first_line.derf] = 'derf',
  }
  for path, ft in pairs(want) do
    local buf = open(path)
    eq(vim.bo[buf].filetype, ft, 'filetype of ' .. path)
  end
  local buf = open(not_wuas)
  truthy(vim.bo[buf].filetype ~= 'wuas', 'a .dat that is not a board is not wuas')
end)

check('commentstring from lineComment; dungeon-mystery falls back to json syntax', function()
  local buf = open(example.nethack)
  eq(vim.bo[buf].commentstring, '# %s', 'nethack commentstring')
  buf = open(dm)
  if not require('levls.parsers').installed('json') then
    eq(vim.bo[buf].syntax, 'json', 'dungeon-mystery syntax')
  end
end)

check("python stays Neovim's own filetype; languages.json makes it a host, not a language", function()
  eq(vim.bo[open(plain_py)].filetype, 'python', 'filetype of ' .. plain_py)
  eq(vim.bo[open(minihack_py)].filetype, 'python', 'filetype of ' .. minihack_py)
  eq(vim.tbl_map(function(h)
    return h.id
  end, levls.hosts()), { 'python' }, 'hosts')
  truthy(not vim.tbl_contains(levls.filetypes(), 'python'), 'python is not a levls language')
  truthy(levls.mentions_level(open(minihack_py)), 'the MiniHack script mentions a level')
  truthy(not levls.mentions_level(open(plain_py)), 'geometry.py does not')
end)

check('lsp/levls.lua: cmd, filetypes from languages.json, root markers', function()
  local config = vim.lsp.config.levls
  eq(config.cmd, { 'levls', '--stdio' }, 'cmd')
  eq(config.filetypes, levls.server_filetypes(), 'filetypes: the languages, then python')
  eq(config.root_markers, { 'levls.toml', '.git', 'dungeon.def' }, 'root_markers')
  truthy(vim.fn.executable('levls') == 1, 'levls on PATH')
end)

check('every query file of every grammar is linked into queries/', function()
  for _, g in ipairs(require('levls.parsers').grammars()) do
    local qdir = g.dir .. '/queries'
    local n = 0
    for name in vim.fs.dir(qdir) do
      if name:match('%.scm$') then
        n = n + 1
        local link = levls.root() .. '/queries/' .. g.name .. '/' .. name
        local target = vim.uv.fs_readlink(link)
        truthy(target, link .. ' is a symlink (ln -s ../../../../' .. g.dir:sub(#repo + 2) .. '/queries/' .. name .. ' ' .. link .. ')')
        truthy(not target:match('^/'), link .. ' is relative')
        eq(vim.uv.fs_realpath(link), vim.uv.fs_realpath(qdir .. '/' .. name), link)
      end
    end
    truthy(n > 0, g.name .. ' has queries')
  end
end)

check('nvim-lspconfig legacy entry (lua/lspconfig/configs/levls.lua)', function()
  local entry = require('lspconfig.configs.levls')
  eq(entry.default_config.cmd, vim.lsp.config.levls.cmd, 'cmd')
  eq(entry.default_config.filetypes, levls.filetypes(), 'filetypes')
  eq(entry.default_config.settings, vim.lsp.config.levls.settings, 'settings')
end)

check('nvim-lspconfig upstream config (lspconfig/levls.lua): self-contained, same fields as lsp/levls.lua', function()
  local file = levls.root() .. '/lspconfig/levls.lua'
  local text = table.concat(vim.fn.readfile(file), '\n')
  -- Upstream, it is nvim-lspconfig's lsp/levls.lua: no require of this package.
  truthy(not text:find('require', 1, true), file .. ' requires nothing')
  truthy(text:find('^%-%-%-@brief'), file .. ' starts with ---@brief, as nvim-lspconfig generates its docs from it')
  truthy(text:find('---@type vim.lsp.Config', 1, true), file .. ' is typed vim.lsp.Config')
  local upstream = dofile(file)
  vim.validate('cmd', upstream.cmd, 'table')
  vim.validate('filetypes', upstream.filetypes, 'table')
  vim.validate('root_markers', upstream.root_markers, 'table')
  vim.validate('root_dir', upstream.root_dir, 'function')
  eq(upstream.cmd, vim.lsp.config.levls.cmd, 'cmd')
  eq(upstream.filetypes, levls.server_filetypes(), 'filetypes (editors/languages.json)')
  -- Its root_dir attaches to the same buffers, at the same root.
  for _, path in ipairs({ example.nethack, minihack_py, plain_py, injected_py }) do
    local buf = open(path)
    local ours, theirs = 'not attached', 'not attached'
    vim.lsp.config.levls.root_dir(buf, function(dir)
      ours = dir or 'no root'
    end)
    upstream.root_dir(buf, function(dir)
      theirs = dir or 'no root'
    end)
    eq(theirs, ours, 'root_dir of ' .. vim.fs.basename(path))
    eq(ours == 'not attached', path == plain_py, 'only geometry.py is left alone (' .. vim.fs.basename(path) .. ')')
  end
  eq(upstream.root_markers, vim.lsp.config.levls.root_markers, 'root_markers')
  eq(upstream.root_markers[1], 'levls.toml', 'first root marker')
  eq(upstream.settings, vim.lsp.config.levls.settings, 'settings')
end)

check('Mason package (mason/packages/levls/package.yaml, parsed by scripts/test-nvim) matches the config', function()
  local json = truthy(vim.env.LEVLS_MASON_JSON, 'LEVLS_MASON_JSON (set by scripts/test-nvim)')
  local pkg = vim.json.decode(table.concat(vim.fn.readfile(json), '\n'))
  eq(pkg.name, 'levls', 'name')
  eq(pkg.neovim.lspconfig, vim.fn.fnamemodify(levls.root() .. '/lspconfig/levls.lua', ':t:r'), 'neovim.lspconfig names the lspconfig config')
  local upstream = dofile(levls.root() .. '/lspconfig/levls.lua')
  truthy(pkg.bin[upstream.cmd[1]], 'bin provides ' .. upstream.cmd[1] .. ', the command the config runs')
  eq(pkg.bin[upstream.cmd[1]], 'cargo:levls', 'bin.levls')
  truthy(pkg.source.id:match('^pkg:cargo/levls@%d+%.%d+%.%d+'), 'source.id is pkg:cargo/levls@<version>: ' .. pkg.source.id)
  truthy(vim.tbl_contains(pkg.categories, 'LSP'), 'categories has LSP')
end)

-- The server ----------------------------------------------------------------

-- Send edits at once rather than after the 150 ms debounce, so a request
-- right after a buffer change sees it.
vim.lsp.config('levls', { flags = { debounce_text_changes = 0 } })
vim.lsp.enable('levls')

check('the server attaches and negotiates utf-8 positions', function()
  local buf = open(example.nethack)
  local client = attached(buf)
  eq(client.offset_encoding, 'utf-8', 'client.offset_encoding')
  truthy(client.server_capabilities.hoverProvider, 'hover capability')
end)

local diagnostics = {
  { bad.derf, 'derf::unknown-flag', 'bogus_flag' },
  { bad.frupal, 'frupal::row-length', 'row' },
  { bad.wuas, 'wuas::separator-line', 'version number is lost' },
  { bad.nethack, 'nethack::unknown-object-name', 'frobnicator' },
  { bad.dm, 'dungeon-mystery::wrong-type', 'layout' },
}
for _, case in ipairs(diagnostics) do
  local path, code, text = case[1], case[2], case[3]
  check('diagnostic ' .. code .. ' in ' .. vim.fs.basename(path), function()
    local buf = open(path)
    attached(buf)
    wait_diagnostics(buf, function(d)
      local c = tostring(d.code or '')
      return (c == code or code:sub(-#c - 2) == '::' .. c) and d.message:find(text, 1, true) ~= nil
    end, code .. ' mentioning ' .. text)
  end)
end

local function hover_text(result)
  truthy(result and result.contents, 'hover has contents')
  local c = result.contents
  if type(c) == 'string' then
    return c
  end
  if c.value then
    return c.value
  end
  local parts = {}
  for _, item in ipairs(c) do
    parts[#parts + 1] = type(item) == 'string' and item or item.value
  end
  return table.concat(parts, '\n')
end

-- MiniHack levels in Python ---------------------------------------------------

check('python: levls attaches to the MiniHack script, and not to geometry.py', function()
  attached(open(minihack_py))
  local plain = open(plain_py)
  vim.wait(1000, function()
    return levls.client(plain) ~= nil
  end, 20)
  truthy(levls.client(plain) == nil, 'no levls client on geometry.py')
end)

check('python: a Python file that gains its first level is attached when written', function()
  local path = write('later.py', { 'def area(width, height):', '    return width * height' })
  local buf = open(path)
  vim.wait(500, function()
    return levls.client(buf) ~= nil
  end, 20)
  truthy(levls.client(buf) == nil, 'not attached before the level')
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { 'import minihack' })
  vim.cmd('silent write')
  attached(buf)
end)

check('python: the misspelt monster in des_file is reported at its line and column of the .py', function()
  local buf = open(minihack_py)
  attached(buf)
  local found = wait_diagnostics(buf, function(d)
    return tostring(d.code or ''):find('unknown-monster-name', 1, true) ~= nil and d.message:find('red dragn', 1, true) ~= nil
  end, 'unknown-monster-name mentioning red dragn')
  eq({ found.lnum, found.col }, { 16, 9 }, '0-based line and byte column in maze_env.py')
  -- Every diagnostic is inside the string (lines 5 to 18).
  local first = find(buf, 'des_file = """')
  local last = first + 1
  while vim.api.nvim_buf_get_lines(buf, last - 1, last, false)[1] ~= '"""' do
    last = last + 1
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    truthy(d.lnum >= first - 1 and d.lnum < last, ('%s at line %d is inside the level'):format(d.message, d.lnum + 1))
  end
end)

check('python: hover inside the level string, none on the Python code', function()
  local buf = open(minihack_py)
  local line, col = find(buf, 'MONSTER:')
  local text = hover_text(request(buf, 'textDocument/hover', line, col + 1))
  truthy(#text > 10, 'hover text: ' .. text)
  line, col = find(buf, 'import gymnasium')
  local outside = request(buf, 'textDocument/hover', line, col + 2)
  truthy(outside == nil or outside == vim.NIL, 'no hover on `import`: ' .. vim.inspect(outside))
end)

check('hover on a NetHack command and a monster name', function()
  local buf = open(example.nethack)
  local line, col = find(buf, 'MONSTER[40%]:')
  local text = hover_text(request(buf, 'textDocument/hover', line, col + 1))
  truthy(#text > 20, 'hover text: ' .. text)
  line, col = find(buf, '"jackal"')
  text = hover_text(request(buf, 'textDocument/hover', line, col + 2))
  truthy(text:lower():find('jackal'), 'hover names the jackal: ' .. text)
end)

check('hover on a DERF flag', function()
  local buf = open(example.derf)
  local line, col = find(buf, 'Flags:')
  local l = vim.api.nvim_buf_get_lines(buf, line - 1, line, false)[1]
  local flag = l:find('+', col + 1, true)
  local text = hover_text(request(buf, 'textDocument/hover', line, flag + 1))
  truthy(#text > 10, 'hover text: ' .. text)
end)

local function items(result)
  if result == nil then
    return {}
  end
  return result.items or result
end

local function labels_of(result)
  local labels, n = {}, 0
  for _, item in ipairs(items(result)) do
    labels[item.label] = true
    n = n + 1
  end
  return labels, n
end

check('completion of a monster name (NetHack 3.4.3)', function()
  local buf = open(example.nethack)
  attached(buf)
  edited(buf, function()
    local text = "MONSTER: 'd', \""
    vim.api.nvim_buf_set_lines(buf, -1, -1, false, { text })
    local line = vim.api.nvim_buf_line_count(buf)
    local labels, n = labels_of(request(buf, 'textDocument/completion', line, #text))
    truthy(labels.jackal, 'jackal among ' .. n .. ' items')
  end)
end)

check('completion of a $variable (NetHack 3.6)', function()
  local buf = open(nh36)
  attached(buf)
  edited(buf, function()
    vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'MONSTER: (\'d\', "jackal"), $' })
    local line = vim.api.nvim_buf_line_count(buf)
    local l = vim.api.nvim_buf_get_lines(buf, line - 1, line, false)[1]
    local labels, n = labels_of(request(buf, 'textDocument/completion', line, #l))
    truthy(labels['$spots'], '$spots among ' .. n .. ' items')
  end)
end)

check('completion of a DERF flag', function()
  local buf = open(bad.derf)
  attached(buf)
  edited(buf, function()
    local line = find(buf, 'Flags:')
    local l = vim.api.nvim_buf_get_lines(buf, line - 1, line, false)[1]
    vim.api.nvim_buf_set_lines(buf, line - 1, line, false, { l .. ' +' })
    local labels, n = labels_of(request(buf, 'textDocument/completion', line, #l + 2))
    truthy(labels.boss or labels['+boss'], 'boss among ' .. n .. ' flag items')
  end)
end)

local function location_line(result)
  truthy(result, 'definition result')
  if result.uri or result.targetUri then
    result = { result }
  end
  truthy(#result > 0, 'at least one location')
  local loc = result[1]
  local range = loc.targetSelectionRange or loc.range
  return range.start.line + 1, loc.uri or loc.targetUri
end

check('definition: place[0] lands on RANDOM_PLACES', function()
  local buf = open(example.nethack)
  local line, col = find(buf, 'place[0]')
  local want = find(buf, 'RANDOM_PLACES:')
  local got, uri = location_line(request(buf, 'textDocument/definition', line, col + 1))
  eq(got, want, 'definition line')
  eq(uri, vim.uri_from_bufnr(buf), 'definition uri')
end)

check('definition and references of a NetHack 3.6 $variable', function()
  local buf = open(nh36)
  local line, col = find(buf, '$spots[0]')
  local got = location_line(request(buf, 'textDocument/definition', line, col + 2))
  eq(got, find(buf, '$spots = '), 'definition line')
  local refs = request(buf, 'textDocument/references', line, col + 2, { context = { includeDeclaration = true } })
  eq(#refs, 4, 'references to $spots')
end)

check('a NetHack dat/ folder: definition from dungeon.def into the .des file that defines the level', function()
  local def_source = corpus .. '/nethack/dungeon-def/nethack-3.6.6-dungeon.def'
  if not vim.uv.fs_stat(def_source) then
    log('SKIP (no corpus): ' .. def_source)
    return
  end
  -- A dat/ folder: dungeon.def is its root marker, so the two files are one workspace.
  local dat = tmp .. '/game/dat'
  vim.fn.mkdir(dat, 'p')
  vim.fn.writefile(vim.fn.readfile(def_source), dat .. '/dungeon.def')
  vim.fn.writefile(vim.fn.readfile(corpus .. '/nethack/3.6/oracle.des'), dat .. '/oracle.des')
  local buf = open(dat .. '/dungeon.def')
  eq(attached(buf).root_dir, dat, 'root_dir')
  local line, col = find(buf, '"oracle" "O"')
  -- The index is filled in the background: ask until it answers.
  local result
  for _ = 1, 150 do
    result = request(buf, 'textDocument/definition', line, col + 2)
    if result and #result > 0 then
      break
    end
    vim.wait(100)
  end
  local got, uri = location_line(result)
  eq(uri, vim.uri_from_fname(dat .. '/oracle.des'), 'definition uri')
  local oracle = vim.fn.readfile(dat .. '/oracle.des')
  local want
  for i, l in ipairs(oracle) do
    if l:find('LEVEL: "oracle"', 1, true) then
      want = i
      break
    end
  end
  eq(got, want, 'definition line')
end)

check('rename a NetHack 3.6 $variable and apply the edit', function()
  local buf = open(nh36)
  local client = attached(buf)
  local line, col = find(buf, 'SHUFFLE: $spots')
  local edit = request(buf, 'textDocument/rename', line, col + 11, { newName = '$places' })
  truthy(edit and (edit.changes or edit.documentChanges), 'a workspace edit')
  edited(buf, function()
    vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
    local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    truthy(not text:find('$spots', 1, true), 'no $spots left:\n' .. text)
    local _, count = text:gsub('%$places', '')
    eq(count, 4, 'occurrences of $places')
  end)
end)

check('document symbols and folding ranges for the watchtower', function()
  local buf = open(example.nethack)
  local symbols = request(buf, 'textDocument/documentSymbol', 1, 0)
  truthy(symbols and #symbols > 0, 'document symbols')
  local folds = request(buf, 'textDocument/foldingRange', 1, 0)
  truthy(folds and #folds > 0, 'folding ranges')
end)

check(':LevlsInfo on a NetHack 3.6 file reports the format and dialect', function()
  local buf = open(nh36)
  attached(buf)
  local out = vim.api.nvim_exec2('LevlsInfo', { output = true }).output
  truthy(out:find('NetHack', 1, true), 'format name in: ' .. out)
  truthy(out:find('dialect 3.6', 1, true), 'dialect in: ' .. out)
  local info = levls.document_info(buf)
  eq(info.format, 'nethack', 'documentInfo.format')
end)

check('levls.preview writes the map picture of a Frupal map, and follows an edit', function()
  local buf = open(example.frupal)
  attached(buf)
  local path = truthy(levls.preview(buf, { open = false }), 'preview path')
  local page = table.concat(vim.fn.readfile(path), '\n')
  truthy(page:find('<svg', 1, true), 'an SVG in the page')
  local function food(html)
    local all = select(2, html:gsub('">F</text>', ''))
    local legend = select(2, html:gsub('text%-anchor="middle">F</text>', ''))
    return all - legend
  end
  local before = food(page)
  truthy(before > 0, 'food on the map')
  edited(buf, function()
    vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'food: 10 10 3 10 An apple.' })
    vim.wait(3000, function()
      local again = levls.preview(buf, { open = false })
      return again and food(table.concat(vim.fn.readfile(again), '\n')) == before + 1
    end, 50)
    eq(food(table.concat(vim.fn.readfile(path), '\n')), before + 1, 'food after adding one')
  end)
  -- :LevlsPreview browser opens the page (vim.ui.open, stubbed here).
  local opened
  local ui_open = vim.ui.open
  vim.ui.open = function(p)
    opened = p
  end
  vim.api.nvim_set_current_buf(buf)
  vim.api.nvim_exec2('LevlsPreview browser', { output = true })
  vim.ui.open = ui_open
  eq(opened, path, ':LevlsPreview browser opened the page')
  local room = open(example.derf)
  attached(room)
  local none, why = levls.preview(room, { open = false })
  eq(none, nil, 'no picture for a DERF room')
  truthy(why and why:find('no map picture', 1, true), 'why: ' .. tostring(why))
end)

--- Opens PATH, waits for levls, and runs :LevlsPreview in a window of its
--- own: the source buffer and its map buffer.
local function open_preview(path)
  local buf = open(path)
  attached(buf)
  vim.cmd('only')
  vim.api.nvim_exec2('LevlsPreview', { output = true })
  return buf, truthy(require('levls.preview').map_of(buf), 'a map buffer')
end

check(':LevlsPreview draws the map in colour in a split that follows edits and the cursor', function()
  local preview = require('levls.preview')
  local buf, map = open_preview(example.frupal)
  local map_win = truthy(vim.fn.bufwinid(map) ~= -1 and vim.fn.bufwinid(map), 'the map is in a window')
  eq(vim.api.nvim_get_current_buf(), buf, 'the cursor stays in the source')
  local function lines()
    return vim.api.nvim_buf_get_lines(map, 0, -1, false)
  end
  vim.wait(5000, function()
    return #lines() > 12
  end, 20)
  eq(lines()[2], '========================', 'the top wall row under the title')
  truthy(lines()[1]:find('24×12', 1, true), 'the title: ' .. lines()[1])
  -- The hero's start, (1,1), is drawn as '@' in a group with the colours of the server.
  eq(lines()[3]:sub(2, 2), '@', 'the start at (1,1)')
  local function group_at(line, col)
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(map, -1, { line, col }, { line, col }, { details = true, overlap = true })) do
      local g = m[4].hl_group
      if g and g:find('^LevlsMap_') and m[3] == col then
        return g, vim.api.nvim_get_hl(0, { name = g })
      end
    end
  end
  local water_group, water = group_at(2, 14)
  eq(lines()[3]:sub(15, 15), '~', 'water at (14,1)')
  eq(water.bg, 0x2196f3, 'water is blue in ' .. tostring(water_group))
  -- The cursor on a terrain character in the source lights its cell.
  vim.api.nvim_win_set_cursor(0, { 8, 4 }) -- line 8 is row y=3; byte 4 is x=4
  vim.api.nvim_exec_autocmds('CursorMoved', { buffer = buf })
  eq({ preview.lit(buf) }, { 1, 4, 3 }, 'lit cell after moving the cursor')
  eq(vim.api.nvim_win_get_cursor(map_win), { 2 + 3, 4 }, 'the map window shows the cell')
  -- The cursor on an item's line lights the item's cell.
  vim.api.nvim_win_set_cursor(0, { 20, 2 }) -- ship: 7 3 40
  vim.api.nvim_exec_autocmds('CursorMoved', { buffer = buf })
  eq({ preview.lit(buf) }, { 1, 7, 3 }, 'the ship lights its cell')
  -- <CR> on the binoculars (2,10) in the map jumps to their line.
  vim.api.nvim_set_current_win(map_win)
  vim.api.nvim_win_set_cursor(map_win, { 2 + 10, 2 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<CR>', true, false, true), 'x', false)
  eq(vim.api.nvim_get_current_buf(), buf, '<CR> went to the source')
  eq(vim.api.nvim_win_get_cursor(0)[1], 21, 'on the binoculars line')
  -- An edit redraws: a wall typed over the meadow at (1,2).
  edited(buf, function()
    vim.api.nvim_buf_set_text(buf, 6, 1, 6, 2, { '=' })
    vim.api.nvim_exec_autocmds('TextChanged', { buffer = buf })
    vim.wait(5000, function()
      return lines()[4]:sub(2, 2) == '='
    end, 20)
    eq(lines()[4]:sub(2, 2), '=', 'the new wall in the map')
    -- The page of :LevlsPreview browser (opened on this buffer by the check
    -- above) follows the same edit: each preview keeps its own hook.
    local page = vim.fn.stdpath('cache') .. '/levls/preview-' .. buf .. '-island.fmap'
    local function page_has_wall()
      local html = table.concat(vim.fn.readfile(page .. '.html'), '\n')
      local cell = html:match('<g class="cell" data%-x="1" data%-y="2".-</g>') or ''
      return cell:find('>=</text>', 1, true) ~= nil
    end
    vim.wait(5000, page_has_wall, 50)
    truthy(page_has_wall(), 'the browser page has the new wall too')
  end)
  vim.api.nvim_win_close(map_win, true)
end)

check(':LevlsPreview keeps the last dungeon-mystery floor while the file cannot be drawn', function()
  local beach = corpus .. '/dungeon-mystery/docs-examples/beach-cave-b1f.json'
  local path = write('beach.dm.json', vim.fn.readfile(beach))
  local buf, map = open_preview(path)
  local function lines()
    return vim.api.nvim_buf_get_lines(map, 0, -1, false)
  end
  vim.wait(10000, function()
    return #lines() > 32
  end, 20)
  truthy(lines()[1]:find('seed', 1, true), 'the floor title: ' .. tostring(lines()[1]))
  local floor = lines()[2]
  eq(vim.fn.strchars(floor), 56, 'a row of 56 tiles')
  edited(buf, function()
    vim.api.nvim_buf_set_text(buf, 0, 0, 0, 0, { 'x' })
    vim.api.nvim_exec_autocmds('TextChanged', { buffer = buf })
    vim.wait(5000, function()
      return lines()[1]:find('showing the last map drawn', 1, true) ~= nil
    end, 20)
    truthy(lines()[1]:find('showing the last map drawn', 1, true), 'the note: ' .. lines()[1])
    truthy(vim.tbl_contains(lines(), floor), 'the last floor is still there')
  end)
  vim.api.nvim_win_close(vim.fn.bufwinid(map), true)
end)

check(':LevlsPreview samples 3 draws three levels MiniHack makes of the text below the map', function()
  -- The Python with MiniHack of scripts/install-python-tools, as the nethack.python setting.
  local python = (vim.env.LEVLS_TOOLS or (vim.env.HOME .. '/.cache/levls')) .. '/python/bin/python'
  truthy(vim.fn.executable(python) == 1, 'no ' .. python .. ': run scripts/install-python-tools')
  local path = write('mylevel.des', {
    'MAZE: "mylevel", \' \'',
    'FLAGS: premapped',
    'GEOMETRY: center, center',
    'MAP',
    '-------',
    '|.....|',
    '|.....|',
    '-------',
    'ENDMAP',
    'REGION: (0,0,6,3), lit, "ordinary"',
    'MONSTER: random, random',
    'MONSTER: random, random',
    'OBJECT: random, random',
  })
  local buf = open(path)
  local client = attached(buf)
  local saved = vim.deepcopy(client.settings)
  client.settings = vim.tbl_deep_extend('force', client.settings, { levls = { nethack = { python = python } } })
  client:notify('workspace/didChangeConfiguration', { settings = client.settings })
  vim.cmd('only')
  vim.api.nvim_exec2('LevlsPreview samples 3', { output = true })
  local map = truthy(require('levls.preview').map_of(buf), 'a map buffer')
  local function lines()
    return vim.api.nvim_buf_get_lines(map, 0, -1, false)
  end
  local function title(n)
    for i, line in ipairs(lines()) do
      if line:find(('sample %d (seed %d)'):format(n, n), 1, true) then
        return i
      end
    end
  end
  vim.wait(30000, function()
    return title(3) ~= nil
  end, 50)
  local drawn = {}
  for n = 1, 3 do
    local at = truthy(title(n), ('sample %d in the map buffer: %s'):format(n, table.concat(lines(), '\n')))
    local rows = table.concat(vim.list_slice(lines(), at + 1, at + 4), '\n')
    truthy(rows:find('@', 1, true), ('the hero in sample %d: %s'):format(n, rows))
    drawn[rows] = true
  end
  eq(vim.tbl_count(drawn), 3, 'three different levels')
  client.settings = saved
  client:notify('workspace/didChangeConfiguration', { settings = client.settings })
  vim.api.nvim_win_close(vim.fn.bufwinid(map), true)
end)

check(':LevlsPreview on a file of 70 maps draws the first 62 and says so', function()
  local preview = require('levls.preview')
  local map_lines = { ('-'):rep(76) }
  for _ = 1, 19 do
    map_lines[#map_lines + 1] = '|' .. ('.'):rep(74) .. '|'
  end
  map_lines[#map_lines + 1] = ('-'):rep(76)
  local text = {}
  for i = 0, 69 do
    vim.list_extend(text, { ('MAZE: "l%d", \' \''):format(i), 'GEOMETRY: center, center', 'MAP' })
    vim.list_extend(text, map_lines)
    text[#text + 1] = 'ENDMAP'
  end
  local buf, map = open_preview(write('many.des', text))
  vim.wait(10000, function()
    return vim.api.nvim_buf_line_count(map) > 100
  end, 20)
  local first = vim.api.nvim_buf_get_lines(map, 0, 1, false)[1]
  truthy(first:find('drew the first 62 of 70 maps', 1, true), 'the note: ' .. first)
  vim.api.nvim_win_close(vim.fn.bufwinid(map), true)
end)

check(':LevlsPreview on a DERF room says there is no map, in the split', function()
  local buf, map = open_preview(example.derf)
  vim.wait(5000, function()
    return vim.api.nvim_buf_get_lines(map, 0, 1, false)[1]:find('no map picture', 1, true) ~= nil
  end, 20)
  local first = vim.api.nvim_buf_get_lines(map, 0, 1, false)[1]
  truthy(first:find('no map picture', 1, true), 'the reason: ' .. first)
  vim.api.nvim_win_close(vim.fn.bufwinid(map), true)
end)

check(':LevlsInfo on a WUAS board says it was detected', function()
  local buf = open(wuas_board)
  attached(buf)
  local info = truthy(levls.document_info(buf), 'documentInfo')
  eq(info.format, 'wuas', 'format')
  truthy(info.detectedBy ~= nil, 'detectedBy')
end)

check('a settings change (nethack.dialect) reaches the server', function()
  local buf = open(example.nethack)
  local client = attached(buf)
  local before = truthy(levls.document_info(buf), 'documentInfo')
  truthy(before.status:find('3.4.3', 1, true), 'detected 3.4.3: ' .. before.status)
  local saved = vim.deepcopy(client.settings)
  client.settings = vim.tbl_deep_extend('force', client.settings, { levls = { nethack = { dialect = '3.6' } } })
  client:notify('workspace/didChangeConfiguration', { settings = client.settings })
  local status
  vim.wait(5000, function()
    status = levls.document_info(buf).status
    return status:find('setting', 1, true) ~= nil
  end, 50)
  truthy(status:find('dialect 3.6', 1, true), 'dialect from the setting: ' .. status)
  client.settings = saved
  client:notify('workspace/didChangeConfiguration', { settings = client.settings })
  vim.wait(5000, function()
    return levls.document_info(buf).status:find('3.4.3', 1, true) ~= nil
  end, 50)
end)

-- Tree-sitter -----------------------------------------------------------------

check(':LevlsInstallParsers compiles the grammars and highlighting starts', function()
  local out = vim.api.nvim_exec2('LevlsInstallParsers', { output = true }).output
  truthy(not out:find('ErrorMsg') and out:find('levls:'), 'install output: ' .. out)
  local files = {
    derf = example.derf,
    frupal = example.frupal,
    wuas = wuas_board,
    ['nethack-des'] = example.nethack,
  }
  for ft, path in pairs(files) do
    local buf = open(path)
    eq(vim.bo[buf].filetype, ft, 'filetype')
    vim.wait(1000, function()
      return vim.treesitter.highlighter.active[buf] ~= nil
    end, 10)
    truthy(vim.treesitter.highlighter.active[buf] ~= nil, 'highlighter active for ' .. ft)
    local lang = vim.treesitter.language.get_lang(ft)
    local query = vim.treesitter.query.get(lang, 'highlights')
    truthy(query and #query.captures > 0, 'highlights query for ' .. lang)
    -- A capture somewhere on the first lines: the query matches the tree.
    local parser = vim.treesitter.get_parser(buf, lang)
    local tree = parser:parse()[1]
    local captured = 0
    for _ in query:iter_captures(tree:root(), buf, 0, 40) do
      captured = captured + 1
    end
    truthy(captured > 0, 'captures in ' .. path)
  end
end)

check('python: levels in Python strings get the nethack parser (queries/python/injections.scm)', function()
  -- Neovim ships no python parser (nvim-treesitter installs one);
  -- scripts/test-nvim builds the one the server uses.
  local so = truthy(vim.env.LEVLS_PYTHON_PARSER, '$LEVLS_PYTHON_PARSER, set by scripts/test-nvim')
  truthy(vim.treesitter.language.add('python', { path = so }), 'the python parser loads from ' .. so)
  local buf = open(injected_py)
  local parser = vim.treesitter.get_parser(buf, 'python')
  parser:parse(true)
  local nethack = truthy(parser:children().nethack, 'a nethack tree inside the python one')
  local rows = {}
  for _, ranges in pairs(nethack:included_regions()) do
    rows[#rows + 1] = ranges[1][1]
  end
  table.sort(rows)
  -- des_file=, boss_des = and the MAZE: header; not "MAZES of Menace", the
  -- comment, nor des_file="boss.des" (a path).
  eq(rows, { 0, 4, 8 }, 'the rows where the injected levels start')

  -- What the user sees: highlighting on, a nethack capture on MONSTER.
  buf = open(minihack_py)
  vim.treesitter.start(buf, 'python')
  vim.treesitter.get_parser(buf, 'python'):parse(true)
  local row = find(buf, 'MONSTER:') - 1
  local langs = {}
  for _, capture in ipairs(vim.treesitter.get_captures_at_pos(buf, row, 1)) do
    langs[capture.lang] = capture.capture
  end
  truthy(langs.nethack, 'a nethack capture on MONSTER in maze_env.py: ' .. vim.inspect(langs))
end)

check(':checkhealth levls has no ERROR', function()
  vim.cmd('silent checkhealth levls')
  local buf = vim.api.nvim_get_current_buf()
  vim.wait(5000, function()
    local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    return text:find('levls server', 1, true) ~= nil and text:find('tree-sitter', 1, true) ~= nil
  end, 20)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local text = table.concat(lines, '\n')
  truthy(text:find('levls', 1, true), 'health output:\n' .. text)
  truthy(text:find('OK', 1, true), 'some OK in:\n' .. text)
  truthy(not text:find('ERROR', 1, true), 'no ERROR in:\n' .. text)
  truthy(not text:find('not installed', 1, true), 'parsers installed:\n' .. text)
  vim.cmd('tabclose')
end)

-- Summary ----------------------------------------------------------------------

vim.fn.delete(tmp, 'rf')
log(('%d passed, %d failed'):format(passes, #failures))
if #failures > 0 then
  log('failed: ' .. table.concat(failures, '; '))
  vim.cmd('cquit 1')
else
  vim.cmd('qall!')
end
