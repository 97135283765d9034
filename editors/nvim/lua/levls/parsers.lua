-- :LevlsInstallParsers: compiles the tree-sitter grammars of the levls
-- checkout (grammars/tree-sitter-<name>/src) into <site>/parser/<name>.so,
-- where <site> is stdpath('data')/site, a directory on 'runtimepath'.
local M = {}

local uv = vim.uv or vim.loop

--- The directory the parsers are written to (its parent goes on 'runtimepath').
function M.site()
  return vim.g.levls_parser_site or (vim.fn.stdpath('data') .. '/site')
end

function M.parser_dir()
  return M.site() .. '/parser'
end

local function ensure_rtp(dir)
  for _, p in ipairs(vim.api.nvim_list_runtime_paths()) do
    if vim.fs.normalize(p) == vim.fs.normalize(dir) then
      return
    end
  end
  -- `nvim --clean` leaves stdpath('data')/site off 'runtimepath'.
  vim.opt.runtimepath:prepend(dir)
end

local function mtime(path)
  local stat = uv.fs_stat(path)
  return stat and stat.mtime.sec or nil
end

--- The grammars languages.json names: { name, filetype, dir, sources, target }.
function M.grammars()
  local levls = require('levls')
  local list = {}
  for _, lang in ipairs(levls.languages()) do
    if lang.grammar then
      local dir = levls.repo() .. '/' .. lang.grammar
      local sources = { dir .. '/src/parser.c' }
      if uv.fs_stat(dir .. '/src/scanner.c') then
        sources[#sources + 1] = dir .. '/src/scanner.c'
      end
      list[#list + 1] = {
        name = lang.treeSitterName,
        filetype = lang.id,
        dir = dir,
        sources = sources,
        target = M.parser_dir() .. '/' .. lang.treeSitterName .. '.so',
      }
    end
  end
  return list
end

--- Tells Neovim which tree-sitter language each levls filetype uses
--- (filetypes such as nethack-des differ from the language name).
function M.register()
  for _, lang in ipairs(require('levls').languages()) do
    if lang.treeSitterName then
      vim.treesitter.language.register(lang.treeSitterName, lang.id)
    end
  end
  -- The server also accepts languageId "nethack".
  vim.treesitter.language.register('nethack', 'nethack')
end

--- Whether grammar `g` needs (re)compiling.
local function stale(g)
  local built = mtime(g.target)
  if not built then
    return true
  end
  for _, src in ipairs(g.sources) do
    local m = mtime(src)
    if m and m > built then
      return true
    end
  end
  return false
end

--- Compiles the parsers. opts.force rebuilds up-to-date ones; opts.cc picks
--- the compiler (default $CC or cc). Returns a list of { name, ok, message }.
function M.install(opts)
  opts = opts or {}
  local cc = opts.cc or vim.g.levls_cc or vim.env.CC or 'cc'
  local results = {}
  if vim.fn.executable(cc) == 0 then
    return { { name = '*', ok = false, message = 'no C compiler: ' .. cc .. ' is not executable' } }
  end
  vim.fn.mkdir(M.parser_dir(), 'p')
  ensure_rtp(M.site())
  for _, g in ipairs(M.grammars()) do
    if not uv.fs_stat(g.sources[1]) then
      results[#results + 1] = { name = g.name, ok = false, message = 'missing ' .. g.sources[1] }
    elseif not opts.force and not stale(g) then
      results[#results + 1] = { name = g.name, ok = true, message = 'up to date: ' .. g.target }
    else
      -- Write next to the target and rename, so a running Neovim that has the
      -- old .so loaded never sees a half-written file.
      -- A language already loaded in this Neovim keeps its old parser.
      local loaded = pcall(vim.treesitter.language.inspect, g.name)
      local tmp = g.target .. '.tmp' .. uv.os_getpid()
      local cmd = { cc, '-shared', '-fPIC', '-O2', '-I', g.dir .. '/src', '-o', tmp }
      vim.list_extend(cmd, g.sources)
      local res = vim.system(cmd, { text = true }):wait()
      if res.code == 0 then
        os.rename(tmp, g.target)
        local message = 'compiled ' .. g.target
        if loaded then
          message = message .. ' (restart Neovim to use it: the old parser stays loaded)'
        end
        results[#results + 1] = { name = g.name, ok = true, message = message }
      else
        os.remove(tmp)
        results[#results + 1] = {
          name = g.name,
          ok = false,
          message = table.concat(cmd, ' ') .. '\n' .. (res.stderr or ''),
        }
      end
    end
    if results[#results].ok then
      -- Load it now (by path, so an older copy elsewhere on rtp cannot win).
      pcall(vim.treesitter.language.add, g.name, { path = g.target })
    end
  end
  M.register()
  return results
end

--- :LevlsInstallParsers[!]
function M.command(force)
  local results = M.install({ force = force })
  local failed = false
  for _, r in ipairs(results) do
    failed = failed or not r.ok
    vim.api.nvim_echo(
      { { ('levls: %s: %s'):format(r.name, r.message), r.ok and 'None' or 'ErrorMsg' } },
      true,
      {}
    )
  end
  if not failed then
    -- Start highlighting in the buffers that are already open.
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) then
        require('levls.treesitter').maybe_start(buf)
      end
    end
  end
  return not failed
end

--- Whether the parser for language `name` loads.
function M.installed(name)
  local function add(opts)
    -- 0.11 returns nil, err when it cannot load; older versions throw.
    local ok, loaded = pcall(vim.treesitter.language.add, name, opts)
    return ok and loaded ~= nil and loaded ~= false
  end
  if add() then
    return true
  end
  -- Installed, but its site directory is not on 'runtimepath' (nvim --clean).
  local path = M.parser_dir() .. '/' .. name .. '.so'
  return uv.fs_stat(path) ~= nil and add({ path = path })
end

return M
