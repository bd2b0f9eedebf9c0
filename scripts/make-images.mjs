/**
 * Draws the app's small static images (tab bar icons, logo, operator badges, demo goods pictures and
 * landing-page banners) as PNG files, so they are reproducible without an image editor.
 * Run: node scripts/make-images.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/public/static');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** `paint(x, y)` gets coordinates in 0..1 across the width and the height. */
function png(size, paint, height = size) {
  const raw = Buffer.alloc((size * 4 + 1) * height);
  const SS = 4; // supersampling for smooth edges
  for (let y = 0; y < height; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SS; sy++)
        for (let sx = 0; sx < SS; sx++) {
          const c = paint((x + (sx + 0.5) / SS) / size, (y + (sy + 0.5) / SS) / height);
          if (c) {
            r += c[0] * c[3];
            g += c[1] * c[3];
            b += c[2] * c[3];
            a += c[3];
          }
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const n = SS * SS;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / n) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), 1];
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const inTri = (x, y, [ax, ay], [bx, by], [cx, cy]) => {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by),
    d2 = s(x, y, bx, by, cx, cy),
    d3 = s(x, y, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};
const house = (col) => (x, y) =>
  (inTri(x, y, [0.5, 0.1], [0.06, 0.5], [0.94, 0.5]) || inRect(x, y, 0.18, 0.45, 0.82, 0.9)) &&
  !inRect(x, y, 0.42, 0.62, 0.58, 0.9)
    ? col
    : null;
const person = (col) => (x, y) =>
  inCircle(x, y, 0.5, 0.3, 0.2) || (inCircle(x, y, 0.5, 0.98, 0.42) && y <= 0.9) ? col : null;
const badge = (col) => (x, y) => {
  if (!inCircle(x, y, 0.5, 0.5, 0.48)) return null;
  // a white SIM-card glyph on the operator colour
  const sim = inRect(x, y, 0.32, 0.24, 0.68, 0.76) && !inTri(x, y, [0.56, 0.24], [0.69, 0.24], [0.69, 0.37]);
  const chip = inRect(x, y, 0.4, 0.44, 0.6, 0.64);
  return sim && !chip ? [255, 255, 255, 1] : col;
};

const WHITE = [255, 255, 255, 1];
const simGlyph = (x, y) =>
  inRect(x, y, 0.32, 0.24, 0.68, 0.76) &&
  !inTri(x, y, [0.56, 0.24], [0.69, 0.24], [0.69, 0.37]) &&
  !inRect(x, y, 0.4, 0.44, 0.6, 0.64);
const barsGlyph = (x, y) =>
  inRect(x, y, 0.26, 0.58, 0.36, 0.74) || inRect(x, y, 0.45, 0.44, 0.55, 0.74) || inRect(x, y, 0.64, 0.28, 0.74, 0.74);
const routerGlyph = (x, y) =>
  inRect(x, y, 0.24, 0.52, 0.76, 0.72) ||
  inRect(x, y, 0.3, 0.3, 0.34, 0.52) ||
  inRect(x, y, 0.66, 0.3, 0.7, 0.52) ||
  (inCircle(x, y, 0.5, 0.34, 0.08) && !inCircle(x, y, 0.5, 0.34, 0.04));
const diamondGlyph = (x, y) => Math.abs(x - 0.5) + Math.abs(y - 0.5) <= 0.26;
/** A goods picture: a rounded tile in `col` with a white glyph. */
const tile = (col, glyph) => (x, y) => {
  const r = 0.12;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if (!inCircle(x, y, cx, cy, r)) return null;
  return glyph(x, y) ? WHITE : col;
};
/** A landing-page banner: a left-to-right gradient, soft circles, a SIM glyph on the right. */
const banner = (from, to) => (x, y) => {
  const ax = x * (750 / 300); // x in units of the height, so circles stay round
  const base = [0, 1, 2].map((i) => from[i] + (to[i] - from[i]) * x);
  if (simGlyph(ax - 1.45, y)) return WHITE; // the glyph in a square area on the right
  const soft = inCircle(ax, y, 0.3, 0.2, 0.22) || inCircle(ax, y, 0.85, 0.9, 0.3) || inCircle(ax, y, 2.3, 0.1, 0.16);
  return [...base.map((c) => Math.round(soft ? c + (255 - c) * 0.25 : c)), 1];
};

const GREEN = hex('#07c160');
const GREY = hex('#7a7e83');
const out = (path, buf) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), buf);
};
out('tabbar/home.png', png(48, house(GREY)));
out('tabbar/home-active.png', png(48, house(GREEN)));
out('tabbar/mine.png', png(48, person(GREY)));
out('tabbar/mine-active.png', png(48, person(GREEN)));
out('logo.png', png(96, badge(GREEN)));
const OPERATORS = { 1: '#0085d0', 2: '#e60012', 3: '#1b5faa', 4: '#6f2c91', 99: '#ff8f1f' };
for (const [type, colour] of Object.entries(OPERATORS)) out(`operator/${type}.png`, png(64, badge(hex(colour))));
// Demo goods pictures (db/seed/demo-goods.ts) and landing-page banners (db/seed/demo-pages.ts).
for (const type of [1, 2, 3, 4]) {
  out(`goods/sim-${type}.png`, png(240, tile(hex(OPERATORS[type]), simGlyph)));
  out(`goods/flow-${type}.png`, png(240, tile(hex(OPERATORS[type]), barsGlyph)));
}
out('goods/broadband.png', png(240, tile(hex('#13a8a8'), routerGlyph)));
out('goods/vanity.png', png(240, tile(hex('#d4a017'), diamondGlyph)));
out('goods/banner-summer.png', png(750, banner(hex('#ff6a00'), hex('#ffb300')), 300));
out('goods/banner-card1.png', png(750, banner(hex('#0085d0'), hex('#07c160')), 300));
// The demo IoT layout (db/seed/demo-iot-cards.ts): menu icons, logo, banners and tab bar icons.
const MENU_COLOURS = ['#07c160', '#1677ff', '#ff8f1f', '#eb2f96', '#722ed1', '#13a8a8', '#d4a017'];
const MENU_KEYS = [
  'accelerate',
  'asset',
  'balance',
  'bindPhone',
  'couponChoose',
  'couponExchange',
  'customer',
  'deviceManage',
  'historyLine',
  'integralLog',
  'integralShop',
  'orderLogs',
  'package',
  'packageInfo',
  'payPassword',
  'realnameAuth',
  'service',
  'setRenew',
  'switchNet',
  'task',
  'vip',
];
for (const [i, key] of MENU_KEYS.entries()) {
  out(`iot/menu/${key}.png`, png(64, badge(hex(MENU_COLOURS[i % MENU_COLOURS.length]))));
}
out('iot/logo.png', png(96, badge(hex('#1677ff'))));
out('iot/banner/vip.png', png(750, banner(hex('#d4a017'), hex('#ff6a00')), 300));
out('iot/banner/package.png', png(750, banner(hex('#1677ff'), hex('#13a8a8')), 300));
out('iot/banner/task.png', png(750, banner(hex('#07c160'), hex('#13a8a8')), 300));
out('iot/tab/home.png', png(48, house(GREY)));
out('iot/tab/home-on.png', png(48, house(hex('#1677ff'))));
out('iot/tab/task.png', png(48, badge(GREY)));
out('iot/tab/task-on.png', png(48, badge(hex('#1677ff'))));
out('iot/tab/user.png', png(48, person(GREY)));
out('iot/tab/user-on.png', png(48, person(hex('#1677ff'))));
console.log('images written to', root);
