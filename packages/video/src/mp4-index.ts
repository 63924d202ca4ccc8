import { open } from 'node:fs/promises';

/**
 * Types of the top-level boxes of an ISO media file (MP4, MOV) in file order, at most `limit` of them; empty for
 * anything else. Only the 8 or 16 byte headers are read.
 */
export async function topLevelBoxes(file: string, limit = 64): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    let offset = 0;
    while (boxes.length < limit && offset + 8 <= size) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      // 1: a 64-bit size follows the type; 0: the box runs to the end of the file.
      if (length === 1) length = bytesRead >= 16 ? Number(header.readBigUInt64BE(8)) : 0;
      else if (length === 0) length = size - offset;
      if (length < 8) break;
      boxes.push(header.toString('latin1', 4, 8));
      offset += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

/**
 * Whether an MP4/MOV file has its index (moov) before its media (mdat), the '+faststart' layout a browser plays
 * while the rest downloads. ffprobe does not report the order, so the box headers are read. Null when the file has
 * neither box among its first 64.
 */
export async function readIndexFirst(file: string): Promise<boolean | null> {
  const first = (await topLevelBoxes(file)).find((type) => type === 'moov' || type === 'mdat');
  return first === undefined ? null : first === 'moov';
}
