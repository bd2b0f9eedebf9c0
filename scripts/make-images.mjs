/**
 * Draws the app's static images as PNG files, without dependencies, so they are reproducible without an
 * image editor: tab bar icons, logos, operator badges, the card menu icons (one meaningful glyph each),
 * the demo goods and points-mall pictures (one each) and the landing-page and card banners.
 *
 * The pictures are small vector drawings: each is a test "is this point inside?" built from a few shapes
 * (circles, rings, arcs, rounded rectangles, strokes, polygons), sampled 4×4 per pixel for smooth edges.
 * The file names are the ones the demo seed references (packages/server/src/seed), so a database
 * seeded before a redraw shows the new pictures.
 *
 * Run: node scripts/make-images.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/public/static');

// ---------------------------------------------------------------------------------------------- PNG

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
/** `paint(x, y)` gets coordinates in 0..1 across the width and the height and answers [r, g, b, a] or null. */
function png(width, paint, height = width) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  const SS = 4; // supersampling for smooth edges
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++)
        for (let sx = 0; sx < SS; sx++) {
          const c = paint((x + (sx + 0.5) / SS) / width, (y + (sy + 0.5) / SS) / height);
          if (c) {
            r += c[0] * c[3];
            g += c[1] * c[3];
            b += c[2] * c[3];
            a += c[3];
          }
        }
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / (SS * SS)) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ------------------------------------------------------------------------------------------- colours

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), 1];
const mix = (a, b, t) => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)).concat(1);
const lighter = (c, t) => mix(c, [255, 255, 255], t);
const darker = (c, t) => mix(c, [0, 0, 0], t);
const WHITE = [255, 255, 255, 1];

// -------------------------------------------------------------------------------------------- shapes
// Each shape is (x, y) => boolean over the unit square, y pointing down; angles in degrees, 0 = east,
// 90 = south (clockwise on screen).

const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const ellipse = (cx, cy, rx, ry) => (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2;
const inAngle = (a, from, to) => {
  const span = (((to - from) % 360) + 360) % 360 || 360;
  return (((a - from) % 360) + 360) % 360 <= span;
};
const angleOf = (x, y, cx, cy) => (Math.atan2(y - cy, x - cx) * 180) / Math.PI;
const arc = (cx, cy, r, w, from, to) => (x, y) =>
  Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2 && inAngle(angleOf(x, y, cx, cy), from, to);
const sector = (cx, cy, r, from, to) => (x, y) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r && inAngle(angleOf(x, y, cx, cy), from, to);
/** A rectangle with corners rounded by `r`. */
const rect =
  (x0, y0, x1, y1, r = 0) =>
  (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r + 1e-12;
  };
/** The outline of a rounded rectangle, `w` wide, centred on its edge. */
const frame = (x0, y0, x1, y1, r, w) =>
  minus(
    rect(x0 - w / 2, y0 - w / 2, x1 + w / 2, y1 + w / 2, r + w / 2),
    rect(x0 + w / 2, y0 + w / 2, x1 - w / 2, y1 - w / 2, Math.max(r - w / 2, 0)),
  );
/** A stroke from (x0, y0) to (x1, y1), `w` wide, with round ends. */
const seg = (x0, y0, x1, y1, w) => (x, y) => {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy || 1)));
  return (x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2 <= (w / 2) ** 2;
};
/** A polyline through `points` ([x, y] pairs), `w` wide, with round joins. */
const path = (points, w) => union(...points.slice(1).map((p, i) => seg(points[i][0], points[i][1], p[0], p[1], w)));
/** A filled polygon (even-odd rule). */
const poly = (points) => (x, y) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const union =
  (...shapes) =>
  (x, y) =>
    shapes.some((s) => s(x, y));
const minus =
  (shape, ...holes) =>
  (x, y) =>
    shape(x, y) && !holes.some((h) => h(x, y));
/** `shape` drawn in a box: (x, y) of the box mapped onto the unit square of the shape. */
const place = (shape, x0, y0, size) => (x, y) => shape((x - x0) / size, (y - y0) / size);
const star = (cx, cy, r, inner = 0.45, points = 5) =>
  poly(
    Array.from({ length: points * 2 }, (_, i) => {
      const a = ((-90 + (i * 180) / points) * Math.PI) / 180;
      const rr = i % 2 ? r * inner : r;
      return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)];
    }),
  );
const arrowHead = (x, y, dir, size) => {
  const a = (dir * Math.PI) / 180;
  const back = [x - size * Math.cos(a), y - size * Math.sin(a)];
  const n = [-Math.sin(a) * size * 0.75, Math.cos(a) * size * 0.75];
  return poly([
    [x + Math.cos(a) * size * 0.35, y + Math.sin(a) * size * 0.35],
    [back[0] + n[0], back[1] + n[1]],
    [back[0] - n[0], back[1] - n[1]],
  ]);
};

// ------------------------------------------------------------------------------------------- glyphs
// White line drawings in the unit square, content within about 0.2–0.8; W is the stroke width.

const W = 0.07;
const GLYPHS = {
  /** 套餐: a parcel with its tape. */
  package: union(
    frame(0.24, 0.34, 0.76, 0.76, 0.05, W),
    path(
      [
        [0.2, 0.34],
        [0.3, 0.22],
        [0.7, 0.22],
        [0.8, 0.34],
      ],
      W,
    ),
    seg(0.5, 0.22, 0.5, 0.52, W),
    seg(0.42, 0.52, 0.58, 0.52, W),
  ),
  /** 余额充值: a ¥ coin. */
  balance: union(
    ring(0.5, 0.5, 0.29, W),
    path(
      [
        [0.39, 0.34],
        [0.5, 0.48],
        [0.61, 0.34],
      ],
      W * 0.9,
    ),
    seg(0.5, 0.48, 0.5, 0.68, W * 0.9),
    seg(0.4, 0.5, 0.6, 0.5, W * 0.8),
    seg(0.4, 0.6, 0.6, 0.6, W * 0.8),
  ),
  /** 订单记录: a sheet with lines. */
  orderLogs: union(
    frame(0.28, 0.2, 0.72, 0.8, 0.06, W),
    seg(0.38, 0.37, 0.62, 0.37, W),
    seg(0.38, 0.5, 0.62, 0.5, W),
    seg(0.38, 0.63, 0.52, 0.63, W),
  ),
  /** 实名认证: an ID card with its holder. */
  realnameAuth: union(
    frame(0.18, 0.28, 0.82, 0.72, 0.06, W),
    circle(0.37, 0.45, 0.065),
    minus(ellipse(0.37, 0.64, 0.11, 0.08), rect(0, 0.655, 1, 1)),
    seg(0.54, 0.43, 0.71, 0.43, W * 0.85),
    seg(0.54, 0.56, 0.66, 0.56, W * 0.85),
  ),
  /** 支付密码: a padlock. */
  payPassword: union(
    minus(rect(0.27, 0.44, 0.73, 0.8, 0.07), circle(0.5, 0.58, 0.05), rect(0.48, 0.58, 0.52, 0.7)),
    arc(0.5, 0.42, 0.15, W, 180, 360),
    seg(0.35, 0.42, 0.35, 0.46, W),
    seg(0.65, 0.42, 0.65, 0.46, W),
  ),
  /** 绑定手机: a phone with a link badge. */
  bindPhone: union(
    frame(0.3, 0.18, 0.64, 0.82, 0.07, W),
    seg(0.43, 0.71, 0.51, 0.71, W * 0.8),
    minus(circle(0.68, 0.66, 0.15), circle(0.68, 0.66, 0.1)),
    seg(0.62, 0.66, 0.74, 0.66, W * 0.7),
  ),
  /** 充值活动: a coupon with a percent sign. */
  couponChoose: union(minus(rect(0.18, 0.3, 0.82, 0.7, 0.05), circle(0.18, 0.5, 0.07), circle(0.82, 0.5, 0.07))),
  /** 联系客服: a headset. */
  customer: union(
    arc(0.5, 0.5, 0.25, W, 180, 360),
    rect(0.2, 0.47, 0.32, 0.66, 0.05),
    rect(0.68, 0.47, 0.8, 0.66, 0.05),
    path(
      [
        [0.74, 0.66],
        [0.74, 0.74],
        [0.56, 0.78],
      ],
      W * 0.8,
    ),
    circle(0.53, 0.78, 0.045),
  ),
  /** 自动续费: a circular arrow. */
  setRenew: union(arc(0.5, 0.5, 0.25, W, -60, 230), arrowHead(0.64, 0.3, -30, 0.13)),
  /** 切换网络: two arrows, each way. */
  switchNet: union(
    seg(0.24, 0.38, 0.7, 0.38, W),
    arrowHead(0.78, 0.38, 0, 0.13),
    seg(0.3, 0.62, 0.76, 0.62, W),
    arrowHead(0.22, 0.62, 180, 0.13),
  ),
  /** 设备管理: a router with its antennas. */
  deviceManage: union(
    frame(0.2, 0.5, 0.8, 0.76, 0.06, W),
    seg(0.32, 0.5, 0.28, 0.24, W),
    seg(0.68, 0.5, 0.72, 0.24, W),
    circle(0.33, 0.63, 0.035),
    circle(0.45, 0.63, 0.035),
    seg(0.58, 0.63, 0.68, 0.63, W * 0.8),
  ),
  /** 用量统计: a line chart on its axes. */
  historyLine: union(
    path(
      [
        [0.22, 0.2],
        [0.22, 0.78],
        [0.8, 0.78],
      ],
      W,
    ),
    path(
      [
        [0.32, 0.62],
        [0.46, 0.44],
        [0.58, 0.54],
        [0.74, 0.3],
      ],
      W,
    ),
  ),
  /** 积分商城: a shopping bag. */
  integralShop: union(
    poly([
      [0.24, 0.36],
      [0.76, 0.36],
      [0.8, 0.8],
      [0.2, 0.8],
    ]),
    arc(0.5, 0.38, 0.13, W, 180, 360),
  ),
  /** 会员中心: a crown. */
  vip: union(
    poly([
      [0.2, 0.34],
      [0.36, 0.5],
      [0.5, 0.26],
      [0.64, 0.5],
      [0.8, 0.34],
      [0.74, 0.68],
      [0.26, 0.68],
    ]),
    rect(0.26, 0.72, 0.74, 0.79, 0.02),
  ),
  /** 网络加速: a lightning bolt. */
  accelerate: poly([
    [0.56, 0.16],
    [0.28, 0.54],
    [0.47, 0.54],
    [0.42, 0.84],
    [0.72, 0.44],
    [0.53, 0.44],
  ]),
  /** 任务中心: a flag. */
  task: union(
    seg(0.3, 0.2, 0.3, 0.82, W),
    poly([
      [0.3, 0.22],
      [0.76, 0.22],
      [0.64, 0.38],
      [0.76, 0.54],
      [0.3, 0.54],
    ]),
  ),
  /** 兑换中心: a gift box. */
  couponExchange: union(
    rect(0.22, 0.4, 0.78, 0.5, 0.02),
    rect(0.27, 0.54, 0.73, 0.8, 0.03),
    minus(ring(0.42, 0.33, 0.07, W * 0.8), rect(0.3, 0.37, 0.55, 0.5)),
    minus(ring(0.58, 0.33, 0.07, W * 0.8), rect(0.45, 0.37, 0.7, 0.5)),
  ),
  /** 我的资产: a pie chart with a slice out. */
  asset: union(minus(circle(0.47, 0.53, 0.27), sector(0.47, 0.53, 0.3, -90, 0)), sector(0.53, 0.47, 0.27, -90, 0)),
  /** 积分明细: a star over a list. */
  integralLog: union(
    star(0.38, 0.36, 0.16),
    seg(0.6, 0.32, 0.78, 0.32, W),
    seg(0.22, 0.62, 0.78, 0.62, W),
    seg(0.22, 0.76, 0.62, 0.76, W),
  ),
  /** 套餐信息: a usage gauge. */
  packageInfo: union(
    arc(0.5, 0.6, 0.28, W, 180, 360),
    seg(0.5, 0.6, 0.66, 0.42, W),
    circle(0.5, 0.6, 0.06),
    seg(0.22, 0.76, 0.78, 0.76, W),
  ),
  /** 服务中心: a speech bubble. */
  service: union(
    minus(
      union(
        ellipse(0.5, 0.46, 0.31, 0.25),
        poly([
          [0.3, 0.6],
          [0.24, 0.8],
          [0.46, 0.68],
        ]),
      ),
      circle(0.37, 0.46, 0.04),
      circle(0.5, 0.46, 0.04),
      circle(0.63, 0.46, 0.04),
    ),
  ),
};
// The coupon's percent sign is cut out of the ticket.
GLYPHS.couponChoose = minus(
  GLYPHS.couponChoose,
  circle(0.4, 0.42, 0.045),
  circle(0.6, 0.58, 0.045),
  seg(0.6, 0.4, 0.4, 0.6, W * 0.7),
);

/** Pictures of the demo goods and the points-mall goods: larger, bolder drawings. */
const PICTURES = {
  flower: union(
    ...[0, 72, 144, 216, 288].map((a) => {
      const r = (a - 90) * (Math.PI / 180);
      return ellipse(0.5 + 0.16 * Math.cos(r), 0.5 + 0.16 * Math.sin(r), 0.12, 0.12);
    }),
  ),
  crown: GLYPHS.vip,
  star: star(0.5, 0.52, 0.32, 0.42),
  bars: union(
    rect(0.2, 0.6, 0.3, 0.78, 0.02),
    rect(0.36, 0.48, 0.46, 0.78, 0.02),
    rect(0.52, 0.36, 0.62, 0.78, 0.02),
    rect(0.68, 0.22, 0.78, 0.78, 0.02),
  ),
  upDown: union(
    seg(0.38, 0.76, 0.38, 0.32, W * 1.2),
    arrowHead(0.38, 0.22, -90, 0.16),
    seg(0.62, 0.24, 0.62, 0.68, W * 1.2),
    arrowHead(0.62, 0.78, 90, 0.16),
  ),
  sun: union(
    circle(0.5, 0.5, 0.15),
    ...Array.from({ length: 8 }, (_, i) => {
      const a = (i * 45 * Math.PI) / 180;
      return seg(
        0.5 + 0.23 * Math.cos(a),
        0.5 + 0.23 * Math.sin(a),
        0.5 + 0.32 * Math.cos(a),
        0.5 + 0.32 * Math.sin(a),
        W,
      );
    }),
  ),
  infinity: union(ring(0.36, 0.5, 0.12, W * 1.2), ring(0.64, 0.5, 0.12, W * 1.2)),
  cap: union(
    poly([
      [0.5, 0.26],
      [0.84, 0.42],
      [0.5, 0.58],
      [0.16, 0.42],
    ]),
    minus(rect(0.3, 0.5, 0.7, 0.7, 0.06), rect(0, 0, 1, 0.5)),
    seg(0.78, 0.45, 0.78, 0.66, W * 0.6),
    circle(0.78, 0.68, 0.035),
  ),
  waves: union(
    circle(0.5, 0.64, 0.06),
    arc(0.5, 0.64, 0.16, W, 210, 330),
    arc(0.5, 0.64, 0.27, W, 210, 330),
    arc(0.5, 0.64, 0.38, W, 215, 325),
  ),
  pocketWifi: union(
    frame(0.3, 0.46, 0.7, 0.8, 0.07, W),
    circle(0.5, 0.66, 0.04),
    arc(0.5, 0.42, 0.1, W, 220, 320),
    arc(0.5, 0.42, 0.2, W, 225, 315),
  ),
  router: GLYPHS.deviceManage,
  coin: union(
    minus(circle(0.44, 0.54, 0.26), ring(0.44, 0.54, 0.2, W * 0.45), rect(0.385, 0.485, 0.495, 0.595, 0.01)),
    minus(circle(0.66, 0.34, 0.14), ring(0.66, 0.34, 0.1, W * 0.35), circle(0.44, 0.54, 0.3)),
    star(0.74, 0.7, 0.07, 0.4, 4),
  ),
  briefcase: union(
    minus(rect(0.2, 0.36, 0.8, 0.76, 0.06), rect(0.2, 0.52, 0.8, 0.56)),
    frame(0.4, 0.26, 0.6, 0.36, 0.03, W * 0.8),
    rect(0.46, 0.5, 0.54, 0.58, 0.01),
  ),
  cake: union(
    rect(0.22, 0.56, 0.78, 0.8, 0.04),
    rect(0.3, 0.42, 0.7, 0.56, 0.03),
    seg(0.4, 0.42, 0.4, 0.32, W * 0.6),
    seg(0.5, 0.42, 0.5, 0.32, W * 0.6),
    seg(0.6, 0.42, 0.6, 0.32, W * 0.6),
    ellipse(0.4, 0.27, 0.025, 0.04),
    ellipse(0.5, 0.27, 0.025, 0.04),
    ellipse(0.6, 0.27, 0.025, 0.04),
  ),
  cable: union(
    rect(0.2, 0.24, 0.36, 0.42, 0.03),
    seg(0.28, 0.42, 0.28, 0.6, W * 0.8),
    arc(0.42, 0.6, 0.14, W * 0.8, 0, 180),
    seg(0.56, 0.6, 0.56, 0.46, W * 0.8),
    rect(0.5, 0.3, 0.62, 0.46, 0.03),
    poly([
      [0.74, 0.44],
      [0.64, 0.62],
      [0.71, 0.62],
      [0.68, 0.78],
      [0.8, 0.58],
      [0.73, 0.58],
    ]),
  ),
  car: union(
    poly([
      [0.16, 0.62],
      [0.2, 0.5],
      [0.32, 0.48],
      [0.4, 0.36],
      [0.64, 0.36],
      [0.74, 0.48],
      [0.84, 0.52],
      [0.84, 0.64],
    ]),
    circle(0.32, 0.66, 0.07),
    circle(0.68, 0.66, 0.07),
  ),
  shirt: poly([
    [0.38, 0.22],
    [0.44, 0.28],
    [0.56, 0.28],
    [0.62, 0.22],
    [0.84, 0.34],
    [0.76, 0.48],
    [0.68, 0.44],
    [0.68, 0.8],
    [0.32, 0.8],
    [0.32, 0.44],
    [0.24, 0.48],
    [0.16, 0.34],
  ]),
  umbrella: union(
    minus(sector(0.5, 0.5, 0.32, 180, 360), circle(0.29, 0.52, 0.1), circle(0.5, 0.52, 0.1), circle(0.71, 0.52, 0.1)),
    seg(0.5, 0.46, 0.5, 0.74, W * 0.8),
    arc(0.44, 0.74, 0.06, W * 0.8, 0, 180),
  ),
  medal: union(
    poly([
      [0.34, 0.18],
      [0.46, 0.18],
      [0.56, 0.42],
      [0.46, 0.46],
    ]),
    poly([
      [0.66, 0.18],
      [0.54, 0.18],
      [0.44, 0.42],
      [0.54, 0.46],
    ]),
    minus(circle(0.5, 0.6, 0.2), star(0.5, 0.61, 0.12)),
  ),
  video: union(
    minus(
      rect(0.18, 0.28, 0.82, 0.72, 0.08),
      poly([
        [0.44, 0.38],
        [0.62, 0.5],
        [0.44, 0.62],
      ]),
    ),
  ),
  pocket5g: union(
    minus(rect(0.2, 0.5, 0.8, 0.76, 0.08), circle(0.34, 0.63, 0.035), rect(0.46, 0.6, 0.68, 0.66, 0.03)),
    arc(0.5, 0.46, 0.1, W, 220, 320),
    arc(0.5, 0.46, 0.2, W, 225, 315),
    arc(0.5, 0.46, 0.3, W, 230, 310),
  ),
  ticket: minus(
    rect(0.16, 0.3, 0.84, 0.7, 0.05),
    circle(0.16, 0.5, 0.07),
    circle(0.84, 0.5, 0.07),
    path(
      [
        [0.42, 0.38],
        [0.5, 0.48],
        [0.58, 0.38],
      ],
      W * 0.6,
    ),
    seg(0.5, 0.48, 0.5, 0.62, W * 0.6),
    seg(0.43, 0.5, 0.57, 0.5, W * 0.5),
    seg(0.43, 0.56, 0.57, 0.56, W * 0.5),
  ),
};

// ------------------------------------------------------------------------------------------ painters

/** A menu icon: a rounded tile in `colour`, lighter at the top, with a white glyph. */
const iconTile = (colour, glyph) => {
  const top = lighter(colour, 0.18);
  const tile = rect(0.04, 0.04, 0.96, 0.96, 0.26);
  return (x, y) => {
    if (!tile(x, y)) return null;
    if (glyph(x, y)) return WHITE;
    return mix(top, colour, y);
  };
};
/** A goods picture: a square in `colour`, lighter at the top, soft circles, a large white drawing. */
const picture = (colour, drawing) => {
  const top = lighter(colour, 0.28);
  const bottom = darker(colour, 0.08);
  const glow = union(circle(0.86, 0.12, 0.26), circle(0.08, 0.94, 0.2));
  const shape = place(drawing, 0.14, 0.14, 0.72);
  return (x, y) => {
    if (shape(x, y)) return WHITE;
    const base = mix(top, bottom, y);
    return glow(x, y) ? lighter(base, 0.14) : base;
  };
};
/** A banner (750×300): a left-to-right gradient, soft circles, a white drawing on the right. */
const banner = (from, to, drawing) => {
  const aspect = 750 / 300;
  const shape = place(drawing, 1.72, 0.06, 0.88);
  const soft = union(circle(0.3, 0.2, 0.22), circle(0.85, 0.95, 0.3), circle(2.3, 0.1, 0.16), circle(1.25, 0.55, 0.08));
  const rings = union(ring(0.62, 0.42, 0.16, 0.025), ring(1.45, 0.2, 0.07, 0.02));
  const sparkles = union(
    star(1.05, 0.26, 0.05, 0.4, 4),
    star(0.32, 0.72, 0.04, 0.4, 4),
    star(1.5, 0.82, 0.045, 0.4, 4),
  );
  return (x, y) => {
    const ax = x * aspect; // x in units of the height, so circles stay round
    if (shape(ax, y)) return WHITE;
    const base = mix(from, to, x);
    if (sparkles(ax, y)) return lighter(base, 0.7);
    if (rings(ax, y)) return lighter(base, 0.35);
    return soft(ax, y) ? lighter(base, 0.2) : base;
  };
};
const house = (col) => (x, y) =>
  (poly([
    [0.5, 0.1],
    [0.06, 0.5],
    [0.94, 0.5],
  ])(x, y) ||
    rect(0.18, 0.45, 0.82, 0.9)(x, y)) &&
  !rect(0.42, 0.62, 0.58, 0.9)(x, y)
    ? col
    : null;
const person = (col) => (x, y) =>
  circle(0.5, 0.3, 0.2)(x, y) || (circle(0.5, 0.98, 0.42)(x, y) && y <= 0.9) ? col : null;
const simGlyph = minus(
  minus(
    rect(0.32, 0.24, 0.68, 0.76),
    poly([
      [0.56, 0.24],
      [0.69, 0.24],
      [0.69, 0.37],
    ]),
  ),
  rect(0.4, 0.44, 0.6, 0.64),
);
/** The brand badge: a white SIM card on a circle in `col` (the shop is a SIM-card shop). */
const badge = (col) => (x, y) => {
  if (!circle(0.5, 0.5, 0.48)(x, y)) return null;
  return simGlyph(x, y) ? WHITE : col;
};
/** A tab bar icon: the drawing alone in `col`. */
const solo = (col, drawing) => (x, y) => (drawing(x, y) ? col : null);

// ------------------------------------------------------------------------------------------- outputs

const out = (file, buf) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), buf);
};

const GREEN = hex('#07c160');
const GREY = hex('#7a7e83');
const BLUE = hex('#1677ff');
out('tabbar/home.png', png(48, house(GREY)));
out('tabbar/home-active.png', png(48, house(GREEN)));
out('tabbar/mine.png', png(48, person(GREY)));
out('tabbar/mine-active.png', png(48, person(GREEN)));
out('logo.png', png(96, badge(GREEN)));
const OPERATORS = { 1: '#0085d0', 2: '#e60012', 3: '#1b5faa', 4: '#6f2c91', 99: '#ff8f1f' };
for (const [type, colour] of Object.entries(OPERATORS)) out(`operator/${type}.png`, png(64, badge(hex(colour))));

// The demo goods (seed/demo-goods.ts), one picture each, in its operator's colour family.
const GOODS_PICTURES = {
  'sim-1': ['#0085d0', PICTURES.flower], // 移动花卡·宝藏版
  'sim-2': ['#e60012', PICTURES.crown], // 联通大王卡
  'sim-3': ['#1b5faa', PICTURES.star], // 电信星卡
  'flow-4': ['#6f2c91', PICTURES.bars], // 广电192 198G流量卡
  'flow-1': ['#00a0e9', PICTURES.upDown], // 移动流量王卡
  'flow-2': ['#f5a623', PICTURES.sun], // 联通阳光卡
  'flow-3': ['#2f54eb', PICTURES.infinity], // 电信长期流量卡
  campus: ['#ff5a5f', PICTURES.cap], // 联通校园卡
  fusion: ['#13a8a8', PICTURES.waves], // 电信5G畅享融合卡
  'pocket-wifi': ['#36cfc9', PICTURES.pocketWifi], // 随身WiFi 流量套装
  broadband: ['#0e9f6e', PICTURES.router], // 家庭宽带 300M
  vanity: ['#d4a017', PICTURES.coin], // 吉祥靓号 尾号888
  'vanity-business': ['#3d4b66', PICTURES.briefcase], // 企业AABB靓号套餐
  'vanity-birthday': ['#eb2f96', PICTURES.cake], // 生日靓号
  // The points mall (seed/demo-iot-mall.ts).
  'mall-cable': ['#597ef7', PICTURES.cable], // 定制快充数据线
  'mall-car-holder': ['#434343', PICTURES.car], // 车载手机支架
  'mall-shirt': ['#fa8c16', PICTURES.shirt], // 定制文化衫
  'mall-umbrella': ['#08979c', PICTURES.umbrella], // 晴雨两用折叠伞
  'mall-badge': ['#cf1322', PICTURES.medal], // 限量纪念徽章
  'mall-video': ['#722ed1', PICTURES.video], // 视频会员月卡
  'mall-5g-wifi': ['#1d39c4', PICTURES.pocket5g], // 5G 随身 WiFi
  'mall-phone-credit': ['#f5222d', PICTURES.ticket], // 10 元话费券
  // Kept for databases seeded before each goods had its own picture.
  'sim-4': ['#6f2c91', PICTURES.waves],
};
for (const [name, [colour, drawing]] of Object.entries(GOODS_PICTURES)) {
  out(`goods/${name}.png`, png(480, picture(hex(colour), drawing)));
}
// Landing-page banners (seed/demo-pages.ts).
out('goods/banner-summer.png', png(750, banner(hex('#ff6a00'), hex('#ffb300'), PICTURES.sun), 300));
out('goods/banner-card1.png', png(750, banner(hex('#0085d0'), hex('#07c160'), PICTURES.bars), 300));

// The demo card layout (seed/demo-iot-cards.ts): a colour and a glyph per menu key.
const MENU_COLOURS = {
  accelerate: '#fa541c',
  asset: '#faad14',
  balance: '#ff8f1f',
  bindPhone: '#13c2c2',
  couponChoose: '#f5222d',
  couponExchange: '#eb2f96',
  customer: '#1677ff',
  deviceManage: '#2f54eb',
  historyLine: '#52c41a',
  integralLog: '#d4a017',
  integralShop: '#fa8c16',
  orderLogs: '#597ef7',
  package: '#1677ff',
  packageInfo: '#08979c',
  payPassword: '#434343',
  realnameAuth: '#00a870',
  service: '#2db7f5',
  setRenew: '#7cb305',
  switchNet: '#722ed1',
  task: '#ff4d4f',
  vip: '#b8860b',
};
for (const [key, colour] of Object.entries(MENU_COLOURS)) {
  out(`iot/menu/${key}.png`, png(96, iconTile(hex(colour), GLYPHS[key])));
}
out('iot/logo.png', png(96, badge(BLUE)));
out('iot/banner/vip.png', png(750, banner(hex('#d4a017'), hex('#ff6a00'), GLYPHS.vip), 300));
out('iot/banner/package.png', png(750, banner(hex('#1677ff'), hex('#13a8a8'), GLYPHS.packageInfo), 300));
out('iot/banner/task.png', png(750, banner(hex('#07c160'), hex('#13a8a8'), GLYPHS.couponExchange), 300));
out('iot/tab/home.png', png(48, house(GREY)));
out('iot/tab/home-on.png', png(48, house(BLUE)));
out('iot/tab/task.png', png(48, solo(GREY, GLYPHS.task)));
out('iot/tab/task-on.png', png(48, solo(BLUE, GLYPHS.task)));
out('iot/tab/user.png', png(48, person(GREY)));
out('iot/tab/user-on.png', png(48, person(BLUE)));
console.log('images written to', root);
