// Draws the console's app icon (a play mark on the brand colour) and writes the files electron-builder takes from
// build/: icon.png (1024 px, Linux and the source of any size), icon.ico (Windows) and icon.icns (macOS). ICO and
// ICNS both accept PNG-encoded images, so one PNG encoder covers the three; nothing is downloaded or installed.
//
//   node apps/desktop/scripts/make-icons.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const BRAND = [0xc2, 0x41, 0x0c] as const; // --ar-brand-500
const BRAND_DARK = [0x8f, 0x31, 0x0a] as const; // --ar-brand-700, the lower edge of the gradient
const SAMPLES = 4; // per axis: 16 samples a pixel smooth the edges

/** Coverage of the rounded square and of the play triangle at a point of the unit square. */
function shapeAt(x: number, y: number): { tile: boolean; mark: boolean } {
  const inset = 0.06;
  const radius = 0.2;
  const min = inset + radius;
  const max = 1 - inset - radius;
  const dx = Math.max(min - x, 0, x - max);
  const dy = Math.max(min - y, 0, y - max);
  const tile =
    x >= inset && x <= 1 - inset && y >= inset && y <= 1 - inset && dx * dx + dy * dy <= radius ** 2;
  // A triangle pointing right, its centroid at the centre of the tile.
  const [ax, ay, bx, by, cx, cy] = [0.39, 0.3, 0.39, 0.7, 0.72, 0.5];
  const side = (px: number, py: number, qx: number, qy: number) =>
    (qx - px) * (y - py) - (qy - py) * (x - px);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  const mark = (d1 <= 0 && d2 <= 0 && d3 <= 0) || (d1 >= 0 && d2 >= 0 && d3 >= 0);
  return { tile, mark };
}

function render(size: number): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const hit = shapeAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size);
          if (hit.tile) tile += 1;
          if (hit.tile && hit.mark) mark += 1;
        }
      }
      const n = SAMPLES * SAMPLES;
      const t = py / size;
      const background = BRAND.map((c, i) => c + (BRAND_DARK[i]! - c) * t);
      const white = tile === 0 ? 0 : mark / tile;
      const offset = (py * size + px) * 4;
      for (let i = 0; i < 3; i++)
        rgba[offset + i] = Math.round(background[i]! + (255 - background[i]!) * white);
      rgba[offset + 3] = Math.round((255 * tile) / n);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number): Buffer {
  const rgba = render(size);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Windows icon: one PNG entry per size (Windows Vista and later read PNG entries). */
function ico(sizes: number[]): Buffer {
  const images = sizes.map(png);
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(images[i]!.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += images[i]!.length;
  });
  return Buffer.concat([header, ...images]);
}

/** macOS icon: PNG-encoded entries ic07 (128) to ic10 (1024, the 512@2x image). */
function icns(): Buffer {
  const entries = (
    [
      ['ic07', 128],
      ['ic08', 256],
      ['ic09', 512],
      ['ic10', 1024],
    ] as const
  ).map(([type, size]) => {
    const data = png(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const out = join(import.meta.dirname, '../build');
writeFileSync(join(out, 'icon.png'), png(1024));
writeFileSync(join(out, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256]));
writeFileSync(join(out, 'icon.icns'), icns());
console.log(`icons written to ${out}`);
