-- :LevlsPreview: the map of a levls buffer drawn as coloured text in a split
-- beside it (levls/render's rows, palette, markers and legend), redrawn as
-- the buffer changes. The cursor in the source lights its cell in the map;
-- <CR> on a cell of the map jumps to the text that put it there.
-- `:LevlsPreview samples N` adds N levels generated from the text by the
-- game itself (NetHack: the user's MiniHack; levls.nethack.python) below.
local M = {}

local ns = vim.api.nvim_create_namespace('levls_preview')
local cursor_ns = vim.api.nvim_create_namespace('levls_preview_cursor')

--- Preview state per source buffer: { map = bufnr, rendered = the last answer with pictures,
--- places = { [picture] = { line = first row's line, cols = { [y] = { byte starts } } } },
--- lit = 'picture:x:y', samples = how many generated levels to ask for }
local previews = {}

local function levls()
  return require('levls')
end

--- The highlight group for a colour pair, defined on first use.
local function colour_group(fg, bg)
  local name = ('LevlsMap_%s_%s'):format(fg:gsub('#', ''), bg:gsub('#', ''))
  if vim.fn.hlexists(name) == 0 or vim.tbl_isempty(vim.api.nvim_get_hl(0, { name = name })) then
    vim.api.nvim_set_hl(0, name, { fg = fg, bg = bg })
  end
  return name
end

local MARK_GROUPS = {
  error = 'DiagnosticUnderlineError',
  warning = 'DiagnosticUnderlineWarn',
  candidate = 'LevlsMapCandidate',
}

local function define_groups()
  vim.api.nvim_set_hl(0, 'LevlsMapCandidate', { default = true, undercurl = true, sp = '#00e5ff' })
  vim.api.nvim_set_hl(0, 'LevlsMapCursor', { default = true, reverse = true, bold = true })
  vim.api.nvim_set_hl(0, 'LevlsMapTitle', { default = true, link = 'Title' })
end

--- The map buffer of `source`, made when missing.
local function map_buffer(source)
  local state = previews[source]
  if state and vim.api.nvim_buf_is_valid(state.map) then
    return state.map
  end
  local map = vim.api.nvim_create_buf(false, true)
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(source), ':t')
  pcall(vim.api.nvim_buf_set_name, map, ('levls-map://%d/%s'):format(source, name ~= '' and name or 'buffer'))
  vim.bo[map].buftype = 'nofile'
  vim.bo[map].bufhidden = 'hide'
  vim.bo[map].swapfile = false
  vim.bo[map].modifiable = false
  vim.bo[map].filetype = 'levls-map'
  previews[source] = { map = map, places = {}, lit = '', samples = 0 }
  vim.keymap.set('n', '<CR>', function()
    M.jump(source)
  end, { buffer = map, desc = 'levls: go to the text of this cell' })
  return map
end

--- Byte starts of each character of `text` (1 more for the end).
local function byte_starts(text)
  local starts, i = {}, 0
  for _, char in ipairs(vim.fn.split(text, '\\zs')) do
    starts[#starts + 1] = i
    i = i + #char
  end
  starts[#starts + 1] = i
  return starts
end

--- Append `picture`'s title and coloured rows to `lines` and `paint`, and its
--- legend entries not `seen` yet to `legend`. Returns where its rows are.
local function draw_picture(picture, lines, paint, legend, seen)
  lines[#lines + 1] = ('%s  (%d×%d, %d marker(s))'):format(picture.title, picture.width, picture.height, picture.markers)
  paint[#paint + 1] = { line = #lines - 1, title = true }
  local place = { line = #lines, cols = {} }
  for y, row in ipairs(picture.rows) do
    lines[#lines + 1] = row
    local starts = byte_starts(row)
    place.cols[y - 1] = starts
    for x = 0, picture.width - 1 do
      local colours = picture.palette[picture.paint[(y - 1) * picture.width + x + 1] + 1]
      paint[#paint + 1] = {
        line = #lines - 1,
        from = starts[x + 1],
        to = starts[x + 2],
        group = colour_group(colours.fg, colours.bg),
      }
    end
  end
  for _, mark in ipairs(picture.marks) do
    local starts = place.cols[mark.y]
    paint[#paint + 1] = {
      line = place.line + mark.y,
      from = starts[mark.x + 1],
      to = starts[mark.x + 2],
      group = MARK_GROUPS[mark.kind] or 'DiagnosticUnderlineInfo',
      message = mark.message,
      kind = mark.kind,
    }
  end
  lines[#lines + 1] = ''
  for _, entry in ipairs(picture.legend) do
    local key = entry.glyph .. '\0' .. entry.meaning
    if not seen[key] then
      seen[key] = true
      legend[#legend + 1] = entry
    end
  end
  return place
end

--- Draw `rendered` (a levls/render answer, or nil with `why`) into the map buffer.
function M.draw(source, rendered, why)
  local map = map_buffer(source)
  local state = previews[source]
  local lines, paint = {}, {}
  local message = rendered and rendered ~= vim.NIL and rendered.message
  message = message ~= vim.NIL and message or nil
  local samples_message = rendered and rendered ~= vim.NIL and rendered.samplesMessage
  samples_message = samples_message ~= vim.NIL and samples_message or nil
  local samples = rendered and rendered ~= vim.NIL and rendered.samples ~= vim.NIL and rendered.samples or {}
  local drawable = rendered
    and rendered ~= vim.NIL
    and (#rendered.pictures > 0 or #samples > 0 or samples_message ~= nil)
  if not drawable and message and state.rendered then
    -- This version cannot be drawn (a dungeon-mystery file being typed is
    -- invalid JSON half the time): keep the last map, say why above it.
    rendered, drawable = state.rendered, true
    lines = vim.split('levls: showing the last map drawn; this version cannot be drawn: ' .. message, '\n')
    for i = 1, #lines do
      paint[#paint + 1] = { line = i - 1, note = true }
    end
  end
  if drawable and message and #lines == 0 then
    -- Drawn, but not all of it (a file of hundreds of maps).
    lines = vim.split('levls: ' .. message, '\n')
    for i = 1, #lines do
      paint[#paint + 1] = { line = i - 1, note = true }
    end
  end
  -- Only a drawn answer is kept: the cursor and <CR> read its links, and it
  -- stays on screen while a later version cannot be drawn.
  state.rendered = drawable and rendered or nil
  state.places = {}
  state.lit = ''
  if not drawable then
    lines = vim.split('levls: ' .. (message or why or 'this file has no map picture'), '\n')
  else
    local legend, seen = {}, {}
    for p, picture in ipairs(rendered.pictures) do
      state.places[p] = draw_picture(picture, lines, paint, legend, seen)
    end
    -- Samples link to no text: their rows are not places.
    for _, picture in ipairs(samples) do
      draw_picture(picture, lines, paint, legend, seen)
    end
    if samples_message then
      lines[#lines + 1] = 'levls: no samples: ' .. samples_message
      paint[#paint + 1] = { line = #lines - 1, note = true }
      lines[#lines + 1] = ''
    end
    lines[#lines + 1] = 'Legend'
    paint[#paint + 1] = { line = #lines - 1, title = true }
    for _, entry in ipairs(legend) do
      lines[#lines + 1] = (' %s  %s'):format(entry.glyph, entry.meaning)
      paint[#paint + 1] = { line = #lines - 1, from = 1, to = 1 + #entry.glyph, group = colour_group(entry.fg, entry.bg) }
    end
  end
  vim.bo[map].modifiable = true
  vim.api.nvim_buf_set_lines(map, 0, -1, false, lines)
  vim.bo[map].modifiable = false
  vim.api.nvim_buf_clear_namespace(map, ns, 0, -1)
  vim.api.nvim_buf_clear_namespace(map, cursor_ns, 0, -1)
  for _, p in ipairs(paint) do
    if p.title or p.note then
      vim.api.nvim_buf_set_extmark(map, ns, p.line, 0, { line_hl_group = p.title and 'LevlsMapTitle' or 'WarningMsg' })
    else
      vim.api.nvim_buf_set_extmark(map, ns, p.line, p.from, {
        end_col = p.to,
        hl_group = p.group,
        -- Markers over the cell's colours.
        priority = p.message and 200 or 100,
        virt_text = p.message and p.kind ~= 'candidate' and { { ' ' .. p.message:gsub('\n.*', ''), p.group } } or nil,
        virt_text_pos = p.message and 'eol' or nil,
      })
    end
  end
  M.follow_cursor(source)
end

--- The cell whose source holds the source window's cursor: the smallest
--- linked range around it, else one ending right there. Returns picture, x, y.
function M.cell_at(rendered, line, character)
  local best
  for p, picture in ipairs(rendered.pictures) do
    for _, l in ipairs(picture.links) do
      local x, y, sl, sc, el, ec = l[1], l[2], l[3], l[4], l[5], l[6]
      local after_start = line > sl or (line == sl and character >= sc)
      local before_end = line < el or (line == el and character < ec)
      local at_end = line == el and character == ec
      if after_start and (before_end or at_end) then
        local size = (el - sl) * 1000000 + (ec - sc)
        local better = not best
          or (before_end and not best.inside)
          or (before_end == best.inside and size < best.size)
        if better then
          best = { picture = p, x = x, y = y, size = size, inside = before_end }
        end
      end
    end
  end
  if best then
    return best.picture, best.x, best.y
  end
end

--- Light the cell of the source buffer's cursor and bring it into view.
function M.follow_cursor(source)
  local state = previews[source]
  if not (state and state.rendered) then
    return
  end
  local win = vim.fn.bufwinid(source)
  local client = levls().client(source)
  if win == -1 or not client then
    return
  end
  local position = vim.lsp.util.make_position_params(win, client.offset_encoding).position
  local p, x, y = M.cell_at(state.rendered, position.line, position.character)
  local key = p and ('%d:%d:%d'):format(p, x, y) or ''
  if key == state.lit then
    return
  end
  state.lit = key
  vim.api.nvim_buf_clear_namespace(state.map, cursor_ns, 0, -1)
  if not p then
    return
  end
  local place = state.places[p]
  local starts = place.cols[y]
  local line = place.line + y
  vim.api.nvim_buf_set_extmark(state.map, cursor_ns, line, starts[x + 1], {
    end_col = starts[x + 2],
    hl_group = 'LevlsMapCursor',
    priority = 300,
  })
  local map_win = vim.fn.bufwinid(state.map)
  if map_win ~= -1 then
    vim.api.nvim_win_set_cursor(map_win, { line + 1, starts[x + 1] })
  end
end

--- The lit cell, as picture, x, y (for tests and statuslines).
function M.lit(source)
  local state = previews[source]
  if state and state.lit ~= '' then
    local p, x, y = state.lit:match('^(%d+):(%d+):(%d+)$')
    return tonumber(p), tonumber(x), tonumber(y)
  end
end

--- <CR> in the map: put the source's cursor on the text of the cell under
--- the map's cursor.
function M.jump(source)
  local state = previews[source]
  if not (state and state.rendered) then
    return
  end
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local line = row - 1
  for p, place in pairs(state.places) do
    local y = line - place.line
    local starts = place.cols[y]
    if starts then
      for x = 0, #starts - 2 do
        if col >= starts[x + 1] and col < starts[x + 2] then
          for _, l in ipairs(state.rendered.pictures[p].links) do
            if l[1] == x and l[2] == y then
              local client = levls().client(source)
              local win = vim.fn.bufwinid(source)
              if win == -1 then
                vim.cmd('wincmd p')
                vim.api.nvim_win_set_buf(0, source)
                win = vim.api.nvim_get_current_win()
              end
              local text = vim.api.nvim_buf_get_lines(source, l[3], l[3] + 1, false)[1] or ''
              local byte = vim.str_byteindex(text, client and client.offset_encoding or 'utf-8', l[4], false)
              vim.api.nvim_set_current_win(win)
              vim.api.nvim_win_set_cursor(win, { l[3] + 1, byte })
              return
            end
          end
          vim.notify('levls: this cell does not come from the text', vim.log.levels.INFO)
          return
        end
      end
    end
  end
end

--- Ask the server for the pictures and draw them (callback after drawing).
function M.refresh(source, callback)
  local client = levls().client(source)
  if not client then
    M.draw(source, nil, 'levls is not attached to this buffer')
    return
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(source) }, include = { 'text', 'links' } }
  local samples = previews[source] and previews[source].samples or 0
  if samples > 0 then
    params.samples = samples
  end
  client:request('levls/render', params, function(err, result)
    if previews[source] and vim.api.nvim_buf_is_valid(previews[source].map) then
      M.draw(source, not err and result or nil, err and err.message or nil)
    end
    if callback then
      callback()
    end
  end, source)
end

--- :LevlsPreview: open the map of the current buffer in a split beside it;
--- with `samples`, that many generated levels below it (0: none).
function M.open(source, samples)
  source = (source == nil or source == 0) and vim.api.nvim_get_current_buf() or source
  define_groups()
  local map = map_buffer(source)
  if samples then
    previews[source].samples = samples
  end
  local source_win = vim.api.nvim_get_current_win()
  if vim.fn.bufwinid(map) == -1 then
    vim.cmd('botright vsplit')
    local win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, map)
    vim.wo[win].wrap = false
    vim.wo[win].number = false
    vim.wo[win].relativenumber = false
    vim.wo[win].cursorline = false
    vim.wo[win].spell = false
    vim.wo[win].list = false
    vim.api.nvim_set_current_win(source_win)
  end
  local group = levls().after_changes(source, 'map', 150, function()
    M.refresh(source)
  end)
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'CursorMovedI' }, {
    group = group,
    buffer = source,
    callback = function()
      M.follow_cursor(source)
    end,
  })
  vim.api.nvim_create_autocmd('BufWipeout', {
    group = group,
    buffer = source,
    callback = function()
      local state = previews[source]
      previews[source] = nil
      if state and vim.api.nvim_buf_is_valid(state.map) then
        vim.schedule(function()
          pcall(vim.api.nvim_buf_delete, state.map, { force = true })
        end)
      end
    end,
  })
  M.refresh(source)
  return map
end

--- The map buffer of `source`, if a preview is open.
function M.map_of(source)
  local state = previews[source]
  return state and state.map
end

return M
