#!/usr/bin/env node
// Draws the extension's icon, images/icon.png (128×128): a walled room seen
// from above, with water, a gold coin and the hero `@` in the middle. No
// dependencies: shapes are tested per pixel (4×4 samples for smooth edges)
// and written as a PNG with node:zlib. Run `node scripts/icon.mjs` after a
// change here and commit the PNG.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const SIZE = 128;
const SAMPLES = 4;
const out = join(dirname(dirname(fileURLToPath(import.meta.url))), "images", "icon.png");

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), 255];
const COLORS = {
  background: hex("#1b1f2b"),
  floor: hex("#262c3c"),
  grid: hex("#303850"),
  wall: hex("#9a7650"),
  mortar: hex("#5e4630"),
  water: hex("#2d6cb0"),
  wave: hex("#6fa8e0"),
  gold: hex("#f2c230"),
  hero: hex("#f5f0e0"),
};

const inRoundedSquare = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return x >= 0 && y >= 0 && x <= SIZE && y <= SIZE && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** The hero: an `@` centred on (64, 64). */
function inAt(x, y) {
  const dx = x - 64;
  const dy = y - 64;
  const d = Math.hypot(dx, dy);
  const angle = Math.atan2(dy, dx); // 0 to the right, positive downwards
  // Outer ring, open on the right between the stem and the tail.
  const outer = d >= 21 && d <= 28 && !(angle > -0.35 && angle < 0.75);
  // Inner bowl.
  const inner = Math.hypot(dx + 2, dy) >= 6 && Math.hypot(dx + 2, dy) <= 12.5;
  // The stem on the bowl's right, down to the tail.
  const stem = dx >= 8 && dx <= 14 && dy >= -12 && dy <= 9;
  // The tail, curving from the stem's foot out to the ring.
  const tail = Math.hypot(dx - 18, dy - 6) >= 4 && Math.hypot(dx - 18, dy - 6) <= 10 && dy >= 6;
  return outer || inner || stem || tail;
}

function colorAt(x, y) {
  if (!inRoundedSquare(x, y, 22)) return null;
  const wallOuter = 10;
  const wallInner = 22;
  const inside = x > wallInner && x < SIZE - wallInner && y > wallInner && y < SIZE - wallInner;
  const inWall = !inside && x > wallOuter && x < SIZE - wallOuter && y > wallOuter && y < SIZE - wallOuter;
  if (inWall) {
    // Bricks: 12 px rows, 12 px long, every other row shifted.
    const row = Math.floor((y - wallOuter) / 6);
    const bx = (x - wallOuter + (row % 2) * 6) % 12;
    const by = (y - wallOuter) % 6;
    return bx < 1 || by < 1 ? COLORS.mortar : COLORS.wall;
  }
  if (!inside) return COLORS.background;
  if (inAt(x, y)) return COLORS.hero;
  // A coin at the top right, a pool at the bottom left.
  if (Math.hypot(x - 92, y - 36) <= 7) return Math.hypot(x - 92, y - 36) <= 4.5 && Math.abs(x - 92) < 1.2 ? COLORS.mortar : COLORS.gold;
  if (x > wallInner && x < 52 && y > 84 && y < SIZE - wallInner) {
    const wave = Math.abs(((y - 88) % 10) - 2 * Math.sin((x - wallInner) / 3)) < 1.1;
    return wave ? COLORS.wave : COLORS.water;
  }
  // Floor tiles, 12 px.
  return (x - wallInner) % 12 < 1 || (y - wallInner) % 12 < 1 ? COLORS.grid : COLORS.floor;
}

const pixels = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  pixels[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const c = colorAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        if (!c) continue;
        for (let i = 0; i < 3; i++) sum[i] += c[i] * c[3];
        sum[3] += c[3];
      }
    }
    const o = y * (SIZE * 4 + 1) + 1 + x * 4;
    const alpha = sum[3] / (SAMPLES * SAMPLES);
    for (let i = 0; i < 3; i++) pixels[o + i] = sum[3] ? Math.round(sum[i] / sum[3]) : 0;
    pixels[o + 3] = Math.round(alpha);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const b of buffer) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(pixels, { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
