-- :checkhealth levls
local M = {}

local health = vim.health

local function server_cmd()
  local ok, config = pcall(function()
    return vim.lsp.config.levls
  end)
  if ok and config and type(config.cmd) == 'table' then
    return config.cmd
  end
  return { 'levls', '--stdio' }
end

function M.check()
  health.start('Neovim')
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok('Neovim ' .. tostring(vim.version()) .. ' (0.11+ has vim.lsp.config and lsp/levls.lua)')
  else
    health.error(
      'Neovim ' .. tostring(vim.version()) .. ' is older than 0.11',
      { 'Upgrade, or use nvim-lspconfig: require("lspconfig").levls.setup{}' }
    )
  end

  health.start('languages.json')
  local levls = require('levls')
  local ok, err = pcall(levls.languages)
  if ok then
    health.ok(('%s: %d languages (%s)'):format(levls.languages_json(), #levls.languages(), table.concat(levls.filetypes(), ', ')))
  else
    health.error(tostring(err), { 'The package must stay inside a levls checkout, or set vim.g.levls_repo' })
    return
  end

  health.start('levls server')
  local cmd = server_cmd()
  if type(cmd[1]) ~= 'string' then
    health.info('cmd is a function; not checked')
  else
    local exe = vim.fn.exepath(cmd[1])
    if exe == '' then
      health.error(cmd[1] .. ' not found on PATH', {
        'cargo build --release -p levls, then put target/release on PATH',
        "or vim.lsp.config('levls', { cmd = { '/path/to/levls', '--stdio' } })",
      })
    else
      local res = vim.system({ exe, '--version' }, { text = true }):wait(5000)
      if res.code == 0 and (res.stdout or ''):match('%S') then
        health.ok(exe .. ': ' .. vim.trim(res.stdout))
      else
        health.warn(exe .. ' --version failed (exit ' .. tostring(res.code) .. '): ' .. vim.trim(res.stderr or ''))
      end
    end
  end
  if vim.lsp.is_enabled and not vim.lsp.is_enabled('levls') then
    health.info("the server is not enabled: vim.lsp.enable('levls') or require('levls').setup()")
  end
  local clients = vim.lsp.get_clients({ name = 'levls' })
  for _, client in ipairs(clients) do
    health.ok(('client %d running (root %s, position encoding %s)'):format(
      client.id,
      client.root_dir or '-',
      client.offset_encoding
    ))
  end

  health.start('tree-sitter')
  local parsers = require('levls.parsers')
  for _, g in ipairs(parsers.grammars()) do
    local queries = {}
    for _, kind in ipairs({ 'highlights', 'folds', 'locals', 'injections', 'indents' }) do
      local files = vim.treesitter.query.get_files(g.name, kind)
      if #files > 0 then
        queries[#queries + 1] = kind
      end
    end
    if parsers.installed(g.name) then
      local qok, qerr = pcall(vim.treesitter.query.get, g.name, 'highlights')
      if not qok then
        health.error(('%s: highlights query does not load: %s'):format(g.name, qerr))
      else
        health.ok(('%s (filetype %s): parser loaded, queries: %s'):format(
          g.name,
          g.filetype,
          #queries > 0 and table.concat(queries, ', ') or 'none'
        ))
      end
    else
      health.warn(
        ('%s (filetype %s): parser not installed'):format(g.name, g.filetype),
        { ':LevlsInstallParsers (needs a C compiler) writes ' .. g.target }
      )
    end
    -- Query files the grammar has that the package does not link.
    local qdir = g.dir .. '/queries'
    for name, type in vim.fs.dir(qdir) do
      if type == 'file' and name:match('%.scm$') then
        local link = levls.root() .. '/queries/' .. g.name .. '/' .. name
        if not vim.uv.fs_stat(link) then
          health.warn(('%s: %s is not linked into %s'):format(g.name, qdir .. '/' .. name, link))
        end
      end
    end
  end
  -- Levels inside Python strings (MiniHack): this package's injections.scm
  -- extends the python parser's, which nvim-treesitter or the like installs.
  for _, host in ipairs(levls.hosts()) do
    local name = host.treeSitterName
    local injections = vim.tbl_filter(function(f)
      return vim.startswith(vim.fs.normalize(f), levls.root() .. '/')
    end, vim.treesitter.query.get_files(name, 'injections'))
    if #injections == 0 then
      health.error(('%s: no queries/%s/injections.scm of this package on runtimepath'):format(name, name))
    elseif parsers.installed(name) then
      local qok, qerr = pcall(vim.treesitter.query.get, name, 'injections')
      if qok then
        health.ok(('%s: parser loaded; levels in its strings get the nethack parser (%s)'):format(name, injections[1]))
      else
        health.error(('%s: injections query does not load: %s'):format(name, qerr))
      end
    else
      health.info(
        ('%s: no parser, so levels in %s strings are not highlighted'):format(name, host.name),
        { ('install one, e.g. nvim-treesitter: :TSInstall %s'):format(name) }
      )
    end
  end
  if vim.fn.executable(vim.env.CC or 'cc') == 0 then
    health.warn('no C compiler (cc or $CC): :LevlsInstallParsers cannot build parsers')
  end
end

return M
