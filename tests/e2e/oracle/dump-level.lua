
-- levls: what the level holds once the script above has run, map-relative
-- over the map's @W@ x @H@ cells, written with nh.impossible() so that it
-- lands in the paniclog the judge reads. Doors by state: + closed,
-- l locked, o open, b broken, n no door; what has no map character by
-- its terrain: > stairs or ladder, _ altar, g grave, D drawbridge.
do
  for y = 0, @H@ - 1 do
    -- The game gives a script 1 MiB: collect each row's tables.
    if collectgarbage then collectgarbage() end
    local row = {}
    for x = 0, @W@ - 1 do
      local ok, m = pcall(nh.getmap, x, y)
      if ok and m then
        local c, f = m.mapchr, m.flags or {}
        if f.locked then c = "l"
        elseif f.isopen then c = "o"
        elseif f.broken then c = "b"
        elseif f.nodoor and c == "+" then c = "n"
        elseif c == "x" then
          c = ({ stairs = ">", ladder = ">", altar = "_", grave = "g",
                 ["drawbridge up"] = "D", ["drawbridge down"] = "D" })[m.typ_name] or "?"
        end
        row[#row + 1] = c
        local t = m.has_trap and nh.gettrap(x, y)
        if t then nh.impossible("levls-trap " .. x .. " " .. y .. " " .. t.ttyp_name) end
        local o = obj.at(x, y)
        while o and not o:isnull() do
          nh.impossible("levls-object " .. x .. " " .. y .. " " .. o:totable().otyp_name)
          o = o:next(true)
        end
      else
        row[#row + 1] = "?"
      end
    end
    nh.impossible("levls-row " .. y .. " " .. table.concat(row))
  end
  local origin = nh.abscoord({ x = 0, y = 0 })
  for _, s in ipairs(nh.stairways()) do
    nh.impossible("levls-stair " .. (s.x - origin.x) .. " " .. (s.y - origin.y)
      .. " " .. (s.up and "up" or "down"))
  end
end
