-- levls for Neovim: where the package lives, the languages it serves (read
-- from editors/languages.json at runtime), and a setup() for users who want
-- one call instead of vim.lsp.enable('levls').
local M = {}

--- The package root (editors/nvim), found from this file's own path.
function M.root()
  local source = debug.getinfo(1, 'S').source:gsub('^@', '')
  -- <root>/lua/levls/init.lua
  return vim.fs.normalize(vim.fn.fnamemodify(source, ':p:h:h:h'))
end

--- The levls checkout the package sits in (<root>/../..), or vim.g.levls_repo.
function M.repo()
  if vim.g.levls_repo then
    return vim.fs.normalize(vim.g.levls_repo)
  end
  return vim.fs.normalize(vim.fn.fnamemodify(M.root(), ':h:h'))
end

function M.languages_json()
  return M.repo() .. '/editors/languages.json'
end

local cache

--- editors/languages.json, decoded. Errors if it is missing.
local function decoded()
  if cache then
    return cache
  end
  local path = M.languages_json()
  local file = io.open(path, 'rb')
  if not file then
    error('levls: cannot read ' .. path .. ' (set vim.g.levls_repo to the levls checkout)')
  end
  local text = file:read('*a')
  file:close()
  cache = vim.json.decode(text, { luanil = { object = true, array = true } })
  return cache
end

--- The languages of editors/languages.json. Errors if it is missing.
function M.languages()
  return decoded().languages
end

--- The hosts of editors/languages.json: other languages whose files can hold
--- levels (Python, for MiniHack). The package never defines their filetypes;
--- the server is attached to such a buffer only when it mentions a level.
function M.hosts()
  return decoded().hosts or {}
end

--- The host entry for a filetype, or nil.
function M.host(filetype)
  for _, host in ipairs(M.hosts()) do
    if host.id == filetype then
      return host
    end
  end
end

--- Whether a host buffer's text may hold a level: the host's `mentions`
--- regex (a level's header, MiniHack's name) matches one of its lines.
function M.mentions_level(bufnr)
  local host = M.host(vim.bo[bufnr].filetype)
  if not host or not host.mentions then
    return false
  end
  local re = vim.regex(require('levls.filetype').js_to_vim_regex(host.mentions))
  for _, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if re:match_str(line) then
      return true
    end
  end
  return false
end

--- Whether languages.json could be read (for callers that must not throw).
function M.available()
  return (pcall(M.languages))
end

--- The filetypes (= language ids) levls serves.
function M.filetypes()
  local ids = {}
  for _, lang in ipairs(M.languages()) do
    ids[#ids + 1] = lang.id
  end
  return ids
end

--- The filetypes the server is attached to: the languages, then the hosts.
function M.server_filetypes()
  local ids = M.filetypes()
  for _, host in ipairs(M.hosts()) do
    ids[#ids + 1] = host.id
  end
  return ids
end

--- The language entry for a filetype, or nil.
function M.language(filetype)
  for _, lang in ipairs(M.languages()) do
    if lang.id == filetype then
      return lang
    end
  end
end

--- The levls client attached to a buffer, or nil.
function M.client(bufnr)
  bufnr = bufnr == nil and 0 or bufnr
  return vim.lsp.get_clients({ bufnr = bufnr, name = 'levls' })[1]
end

--- A request answered before returning: result, or nil and why.
local function request_sync(client, bufnr, method, params, timeout_ms)
  local response, err = client:request_sync(method, params, timeout_ms, bufnr)
  if not response then
    return nil, err or 'no answer'
  end
  if response.err then
    return nil, response.err.message
  end
  return response.result
end

--- Asks the server what it makes of a buffer (levls/documentInfo).
--- Synchronous when no callback is given: returns result, err.
function M.document_info(bufnr, callback, timeout_ms)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if not client then
    local err = 'levls is not attached to this buffer'
    if callback then
      callback(nil, err)
      return
    end
    return nil, err
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
  if callback then
    client:request('levls/documentInfo', params, function(err, result)
      callback(result, err and err.message or nil)
    end, bufnr)
    return
  end
  return request_sync(client, bufnr, 'levls/documentInfo', params, timeout_ms or 3000)
end

--- The lines :LevlsInfo prints for a documentInfo result.
function M.format_info(info)
  local function s(v)
    return (v == nil or v == vim.NIL) and '-' or tostring(v)
  end
  if info.format == nil or info.format == vim.NIL then
    return { 'levls: this document is not one levls reads (version ' .. s(info.version) .. ')' }
  end
  return {
    ('levls: %s (%s)'):format(s(info.formatName), s(info.format)),
    '  detected by: ' .. s(info.detectedBy),
    '  status:      ' .. s(info.status),
    '  version:     ' .. s(info.version),
  }
end

--- :LevlsInfo
function M.info_command()
  local info, err = M.document_info(0)
  if not info then
    vim.api.nvim_echo({ { 'levls: ' .. tostring(err), 'ErrorMsg' } }, true, {})
    return
  end
  local chunks = {}
  for i, line in ipairs(M.format_info(info)) do
    chunks[#chunks + 1] = { (i > 1 and '\n' or '') .. line }
  end
  vim.api.nvim_echo(chunks, true, {})
end

--- The pictures of a buffer's maps (levls/render), written as one HTML page
--- beside Neovim's cache. Returns the page's path, or nil and why.
--- opts.open (default true): open the page with vim.ui.open.
function M.preview(bufnr, opts)
  opts = opts or {}
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if not client then
    return nil, 'levls is not attached to this buffer'
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
  params.include = { 'html' }
  local result, err = request_sync(client, bufnr, 'levls/render', params, opts.timeout_ms or 5000)
  if err then
    return nil, err
  end
  if result == nil or result == vim.NIL then
    return nil, 'this file has no map picture (levls draws Frupal, WUAS, NetHack and dungeon-mystery maps)'
  end
  local dir = vim.fn.stdpath('cache') .. '/levls'
  vim.fn.mkdir(dir, 'p')
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':t')
  local path = ('%s/preview-%d-%s.html'):format(dir, bufnr, name ~= '' and name or 'buffer')
  local file = assert(io.open(path, 'w'))
  file:write(result.html)
  file:close()
  if opts.open ~= false then
    vim.ui.open(path)
  end
  return path
end

--- :LevlsPreview browser: write the picture and open it; it is written again
--- after each change of the buffer (reload the page to see it).
function M.preview_command()
  local bufnr = vim.api.nvim_get_current_buf()
  local path, err = M.preview(bufnr)
  if not path then
    vim.api.nvim_echo({ { 'levls: ' .. tostring(err), 'ErrorMsg' } }, true, {})
    return
  end
  vim.api.nvim_echo({ { 'levls: map picture in ' .. path } }, true, {})
  M.after_changes(bufnr, 'page', 300, function()
    M.preview(bufnr, { open = false })
  end)
end

--- The debounce timers of after_changes, by augroup name.
local change_timers = {}

--- Call `fn` after the changes of `bufnr`, once typing pauses for `delay`
--- ms. One hook per buffer and `purpose` (a second call replaces the first);
--- returns its augroup, for more autocmds that should go with it.
function M.after_changes(bufnr, purpose, delay, fn)
  local name = ('levls_%s_%d'):format(purpose, bufnr)
  local function close_timer()
    local old = change_timers[name]
    change_timers[name] = nil
    if old and not old:is_closing() then
      old:stop()
      old:close()
    end
  end
  close_timer()
  local group = vim.api.nvim_create_augroup(name, { clear = true })
  local timer = vim.uv.new_timer()
  change_timers[name] = timer
  vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
    group = group,
    buffer = bufnr,
    callback = function()
      timer:stop()
      timer:start(delay, 0, vim.schedule_wrap(function()
        if vim.api.nvim_buf_is_valid(bufnr) then
          fn()
        end
      end))
    end,
  })
  vim.api.nvim_create_autocmd('BufWipeout', { group = group, buffer = bufnr, callback = close_timer })
  return group
end

--- One call for users who prefer it to vim.lsp.config/vim.lsp.enable:
---   require('levls').setup({ settings = { levls = { nethack = { dialect = '3.6' } } } })
--- `opts` is merged into the 'levls' config (cmd, settings, on_attach, ...).
--- On Neovim 0.11+ this uses vim.lsp.config/enable (no nvim-lspconfig needed);
--- on older versions it falls back to nvim-lspconfig's legacy setup().
function M.setup(opts)
  opts = opts or {}
  if vim.fn.has('nvim-0.11') == 1 then
    vim.lsp.config('levls', opts)
    vim.lsp.enable('levls')
    return
  end
  local ok, lspconfig = pcall(require, 'lspconfig')
  if not ok then
    vim.notify('levls: needs Neovim 0.11+, or nvim-lspconfig on older versions', vim.log.levels.ERROR)
    return
  end
  lspconfig.levls.setup(opts)
end

return M
