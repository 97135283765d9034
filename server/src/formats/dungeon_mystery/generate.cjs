// levls: generate one dungeon-mystery floor for the map picture.
//
// Run by levls as `node -e <this file>`; reads one JSON request on stdin:
//   {"params": <the parameter file's object>, "seed": N,
//    "package": "<dir>" | null, "from": "<the file's folder>" | null}
// and prints one JSON line: {"floor": {...}} or {"error": "..."}.
//
// The dungeon-mystery package (GPL-3.0-or-later) is not part of levls: it is
// loaded at run time from the user's install. This script is levls's own (MIT).
"use strict";

const fs = require("fs");
const path = require("path");
const Module = require("module");

const WIDTH = 56;
const HEIGHT = 32;
const PACKAGE = "dungeon-mystery";
const VERSION = "1.1.2";

function reply(answer) {
  process.stdout.write(JSON.stringify(answer) + "\n");
}

/** Where the package may be, in order, with what was tried (for the error message). */
function findPackage(explicit, from) {
  const tried = [];
  const attempt = (label, resolve) => {
    try {
      const found = resolve();
      if (found) return found;
      tried.push(label);
    } catch (_) {
      tried.push(label);
    }
    return null;
  };
  if (explicit) {
    // The package folder itself, or a folder holding node_modules/dungeon-mystery.
    for (const dir of [explicit, path.join(explicit, "node_modules", PACKAGE)]) {
      const found = attempt(dir, () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
        return manifest.name === PACKAGE ? dir : null;
      });
      if (found) return { dir: found };
    }
  }
  if (from) {
    const found = attempt(`node_modules folders from ${from} up`, () =>
      require.resolve(PACKAGE, { paths: [from] }),
    );
    if (found) return { dir: found };
  }
  // npm's global folder: <prefix>/lib/node_modules (Unix) or <prefix>/node_modules
  // (Windows), the prefix being node's own unless npm is configured otherwise.
  // When we run as an editor's Electron, node's prefix is that of the npm on the PATH.
  const prefixes = [process.env.npm_config_prefix, process.env.NPM_CONFIG_PREFIX];
  const bins = [path.dirname(process.execPath)];
  for (const dir of (process.env.PATH || "").split(path.delimiter).filter(Boolean)) {
    if (["npm", "npm.cmd"].some((npm) => fs.existsSync(path.join(dir, npm)))) bins.push(dir);
  }
  for (const bin of bins) prefixes.push(path.resolve(bin, ".."), bin);
  const globals = [];
  for (const prefix of prefixes.filter(Boolean)) {
    globals.push(path.join(prefix, "lib", "node_modules"), path.join(prefix, "node_modules"));
  }
  globals.push(...Module.globalPaths);
  for (const dir of [...new Set(globals)]) {
    if (!fs.existsSync(dir)) continue; // not worth naming in the message
    const found = attempt(dir, () => {
      const candidate = path.join(dir, PACKAGE);
      return fs.existsSync(path.join(candidate, "package.json")) ? candidate : null;
    });
    if (found) return { dir: found };
  }
  return { tried };
}

function notFound(tried, from) {
  const local = from ? `(cd '${from}' && npm install ${PACKAGE}@${VERSION})` : `npm install ${PACKAGE}@${VERSION}`;
  return (
    `the ${PACKAGE} package (GPL-3.0-or-later, not shipped with levls) was not found; ` +
    `install it with \`npm install -g ${PACKAGE}@${VERSION}\` or next to the file with \`${local}\`, ` +
    `or point the setting dungeonMystery.package (levls.toml: [dungeon-mystery] package) or ` +
    `LEVLS_DUNGEON_MYSTERY at a folder holding it. Looked in: ${tried.join("; ")}`
  );
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** `defaults` with the file's values over them, nested objects merged key by key. */
function merge(defaults, given) {
  if (!isObject(given)) return defaults;
  for (const [key, value] of Object.entries(given)) {
    if (isObject(value) && isObject(defaults[key])) merge(defaults[key], value);
    else defaults[key] = value;
  }
  return defaults;
}

/** The game's primary generator as Math.random (inputs spec §8). */
function lcg(seed) {
  let state = (seed | 1) >>> 0;
  return () => {
    state = (Math.imul(state, 0x5d588b65) + 1) >>> 0;
    return (state >>> 16) / 65536;
  };
}

const TERRAIN = ["wall", "open", "secondary", "chasm"];

function describe(tile) {
  const t = tile.terrain_flags || {};
  const s = tile.spawn_or_visibility_flags || {};
  const out = { terrain: TERRAIN[t.terrain_type] || "wall", room: tile.room_index };
  const flags = {
    stairs: s.f_stairs,
    item: s.f_item,
    trap: s.f_trap,
    monster: s.f_monster,
    shop: t.f_in_kecleon_shop,
    house: t.f_in_monster_house,
    impassable: t.f_impassable_wall,
  };
  for (const [key, value] of Object.entries(flags)) if (value) out[key] = true;
  return out;
}

function generate(request) {
  const found = findPackage(request.package, request.from);
  if (!found.dir) return { error: notFound(found.tried, request.from) };
  let dm;
  try {
    dm = require(found.dir);
  } catch (e) {
    return { error: `${found.dir}: the ${PACKAGE} package does not load: ${e.message}` };
  }
  if (typeof dm.GenerateDungeon !== "function") {
    return { error: `${found.dir}: not the ${PACKAGE} package levls knows (no GenerateDungeon)` };
  }
  const params = isObject(request.params) ? request.params : {};
  const dungeon = Object.assign({}, params.dungeon_data);
  // Outputs of the demo's export: the library overwrites them.
  for (const key of ["list_tiles", "fixed_room_tiles", "active_traps"]) delete dungeon[key];
  const floorProps = merge(new dm.FloorProperties(), params.floor_props);
  const dungeonData = merge(new dm.Dungeon(), dungeon);
  const constants = merge(new dm.GenerationConstants(), params.generation_constants);
  const advanced = merge(new dm.AdvancedGenerationSettings(), params.advanced_generation_settings);

  let info = null;
  const callback = (_level, _type, _dungeon, generationInfo) => {
    info = Object.assign({}, generationInfo);
  };
  const random = Math.random;
  let map;
  Math.random = lcg(Number(request.seed) >>> 0);
  try {
    map = dm.GenerateDungeon(floorProps, dungeonData, constants, advanced, callback, 0);
  } catch (e) {
    return { error: `dungeon-mystery failed on these parameters: ${e && e.message}` };
  } finally {
    Math.random = random;
  }
  if (!Array.isArray(map) || map.length !== WIDTH) {
    return { error: `dungeon-mystery returned no ${WIDTH}×${HEIGHT} map` };
  }
  // The library indexes [x][y]; the picture wants rows.
  const rows = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = [];
    for (let x = 0; x < WIDTH; x++) row.push(describe(map[x][y]));
    rows.push(row);
  }
  const at = (x, y) => (Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 ? [x, y] : null);
  const floor = { width: WIDTH, height: HEIGHT, rows, package: found.dir };
  if (info) {
    floor.player = at(info.player_spawn_x, info.player_spawn_y);
    floor.stairs = at(info.stairs_spawn_x, info.stairs_spawn_y);
    floor.hidden_stairs = info.hidden_stairs_type ? at(info.hidden_stairs_spawn_x, info.hidden_stairs_spawn_y) : null;
    floor.hidden_stairs_type = info.hidden_stairs_type;
    // A monster house forced on a layout that does not ask for one: every attempt
    // failed and the library fell back to a one-room monster house.
    floor.fallback = Boolean(info.force_create_monster_house) && ![2, 5].includes(floorProps.layout);
  }
  return { floor };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  let request;
  try {
    request = JSON.parse(input);
  } catch (e) {
    reply({ error: `levls sent a request node cannot read: ${e.message}` });
    return;
  }
  try {
    reply(generate(request));
  } catch (e) {
    reply({ error: `generating the floor failed: ${e && e.stack ? e.stack : e}` });
  }
});
