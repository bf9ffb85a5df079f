// Draws the extension's icon (images/icon.png, 128×128): a card with a check mark, in plain
// shapes computed here (no artwork is copied). `node scripts/icon.mjs` rewrites the file; the
// PNG is written with zlib only, so the script needs no package.

import { writeFileSync, mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";

const SIZE = 128;
const SAMPLES = 4; // supersampling per axis, for smooth edges

const background = [0, 0, 0, 0];
const cardFill = [38, 70, 120, 255];
const cardEdge = [231, 186, 82, 255];
const check = [255, 255, 255, 255];

function roundedRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

function distanceToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function colourAt(x, y) {
  // The card, slightly tilted: rotate the point back by -8 degrees around the centre.
  const a = (-8 * Math.PI) / 180;
  const u = Math.cos(a) * (x - 64) - Math.sin(a) * (y - 64) + 64;
  const v = Math.sin(a) * (x - 64) + Math.cos(a) * (y - 64) + 64;
  if (!roundedRect(u, v, 24, 10, 104, 118, 12)) {
    return background;
  }
  const inner = roundedRect(u, v, 30, 16, 98, 112, 8);
  if (!inner) {
    return cardEdge;
  }
  const d = Math.min(distanceToSegment(u, v, 42, 66, 58, 84), distanceToSegment(u, v, 58, 84, 88, 44));
  return d <= 7 ? check : cardFill;
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const c = colourAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        // Premultiplied, so that edges against the transparent background do not darken.
        sum[0] += c[0] * c[3];
        sum[1] += c[1] * c[3];
        sum[2] += c[2] * c[3];
        sum[3] += c[3];
      }
    }
    const alpha = sum[3] / (SAMPLES * SAMPLES);
    const at = y * (SIZE * 4 + 1) + 1 + x * 4;
    for (let i = 0; i < 3; i++) {
      raw[at + i] = sum[3] === 0 ? 0 : Math.round(sum[i] / sum[3]);
    }
    raw[at + 3] = Math.round(alpha);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) {
    c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  }
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
  chunk("IDAT", deflateSync(raw, { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
mkdirSync("images", { recursive: true });
writeFileSync("images/icon.png", png);
console.log(`images/icon.png: ${png.length} bytes`);
