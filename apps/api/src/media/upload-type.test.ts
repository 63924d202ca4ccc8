import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { detectUploadType, looksLikeText } from './upload-type.ts';

/** A minimal zip with one stored entry, enough for the local file header that type detection reads. */
function zipWith(name: string, content = 'x'): Buffer {
  const data = Buffer.from(content);
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, data]);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');

describe('detectUploadType', () => {
  it('recognises images, PDFs and RTF by their magic bytes', async () => {
    expect(await detectUploadType(PNG)).toMatchObject({ ext: 'png', kind: 'image' });
    expect(await detectUploadType(JPEG)).toMatchObject({ ext: 'jpg', kind: 'image' });
    expect(
      await detectUploadType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')),
    ).toMatchObject({
      ext: 'gif',
    });
    expect(
      await detectUploadType(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1')),
    ).toMatchObject({
      ext: 'pdf',
      kind: 'document',
    });
    expect(await detectUploadType(Buffer.from('{\\rtf1\\ansi Hello}'))).toMatchObject({ ext: 'rtf' });
  });

  it('recognises Word documents: docx is a zip with word/ entries, doc a compound file', async () => {
    const docx = Buffer.concat([
      zipWith('[Content_Types].xml', '<Types/>'),
      zipWith('word/document.xml', '<w/>'),
    ]);
    expect(await detectUploadType(docx)).toMatchObject({ ext: 'docx', kind: 'document' });
    expect(await detectUploadType(zipWith('notes/readme.md'))).toBeUndefined();
    const cfb = Buffer.alloc(512);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(cfb);
    expect(await detectUploadType(cfb)).toMatchObject({ ext: 'doc', kind: 'document' });
  });

  it('accepts UTF-8 text without NUL bytes as txt, and nothing else without magic', async () => {
    expect(await detectUploadType(Buffer.from('Hello, Mbabane — sawubona!\n'))).toMatchObject({ ext: 'txt' });
    expect(await detectUploadType(Buffer.from([0x48, 0x00, 0x49]))).toBeUndefined();
    expect(await detectUploadType(Buffer.from([0xff, 0xfe, 0xfd, 0x41]))).toBeUndefined();
    expect(await detectUploadType(deflateRawSync(Buffer.alloc(4096, 7)))).toBeUndefined();
  });

  it('does not mistake an executable or an archive for an accepted type', async () => {
    expect(await detectUploadType(Buffer.from('4d5a90000300000004000000ffff0000', 'hex'))).toBeUndefined();
    expect(await detectUploadType(Buffer.from('1f8b0800000000000003', 'hex'))).toBeUndefined();
  });
});

describe('looksLikeText', () => {
  it('tolerates a multi-byte character cut at the end of the sample', () => {
    const text = Buffer.from('price E 80 000 — ');
    expect(looksLikeText(text.subarray(0, text.length - 2))).toBe(true);
    expect(looksLikeText(Buffer.alloc(0))).toBe(false);
  });
});
