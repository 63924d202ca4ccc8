// Renders every AutoReel icon from the one source, resources/icons/app-icon.svg, with sharp:
//   resources/web/        the storefront's favicons and web app icons (192, 512, maskable 512, Apple touch 180)
//   resources/icons/desktop/  the console's icons for electron-builder (icon.png 1024, icon.ico, icon.icns)
// ICO and ICNS both accept PNG-encoded images, so the same PNGs are packed into them. The output is committed;
// run this again after changing the source:
//
//   node scripts/make-icons.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const resources = join(import.meta.dirname, '../resources');
const source = readFileSync(join(resources, 'icons/app-icon.svg'), 'utf8');

/** The maskable variant: the tile fills the square (the launcher cuts its own shape); the mark stays in the safe zone. */
const fullBleed = source.replace(
  /<rect id="tile"[^>]*\/>/,
  '<rect id="tile" x="0" y="0" width="1024" height="1024" fill="url(#brand)" />',
);
if (fullBleed === source) throw new Error('app-icon.svg has no <rect id="tile" .../> to draw full bleed');

async function png(svg: string, size: number): Promise<Buffer> {
  // The density makes librsvg draw the 1024-unit source at the target size instead of scaling a bitmap.
  return sharp(Buffer.from(svg), { density: (72 * size) / 1024 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Windows icon: one PNG entry per size (Windows Vista and later read PNG entries). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

/** macOS icon: PNG-encoded entries ic07 (128) to ic10 (1024, the 512@2x image). */
function icns(entries: { type: string; data: Buffer }[]): Buffer {
  const body = Buffer.concat(
    entries.map(({ type, data }) => {
      const head = Buffer.alloc(8);
      head.write(type, 0, 'ascii');
      head.writeUInt32BE(data.length + 8, 4);
      return Buffer.concat([head, data]);
    }),
  );
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const sized = async (svg: string, sizes: number[]) =>
  Promise.all(sizes.map(async (size) => ({ size, data: await png(svg, size) })));

const web = join(resources, 'web');
writeFileSync(join(web, 'favicon.svg'), source);
writeFileSync(join(web, 'favicon.ico'), ico(await sized(source, [16, 32, 48])));
writeFileSync(join(web, 'icons/icon-192.png'), await png(source, 192));
writeFileSync(join(web, 'icons/icon-512.png'), await png(source, 512));
writeFileSync(join(web, 'icons/icon-maskable-512.png'), await png(fullBleed, 512));
// iOS rounds the corners of a home-screen icon itself, so it gets the full-bleed tile too.
writeFileSync(join(web, 'icons/apple-touch-icon.png'), await png(fullBleed, 180));

const desktop = join(resources, 'icons/desktop');
writeFileSync(join(desktop, 'icon.png'), await png(source, 1024));
writeFileSync(join(desktop, 'icon.ico'), ico(await sized(source, [16, 24, 32, 48, 64, 128, 256])));
const mac = await sized(source, [128, 256, 512, 1024]);
writeFileSync(
  join(desktop, 'icon.icns'),
  icns(
    mac.map(({ size, data }) => ({ type: { 128: 'ic07', 256: 'ic08', 512: 'ic09' }[size] ?? 'ic10', data })),
  ),
);
console.log(`icons written to ${web} and ${desktop}`);
