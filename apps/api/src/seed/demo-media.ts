import { existsSync } from 'node:fs';

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  'C:/Windows/Fonts/arialbd.ttf',
];

/** A bold font for the videos' text; without one they carry no text (drawtext needs a font file). */
export function findFont(): string | undefined {
  return FONT_CANDIDATES.find((path) => existsSync(path));
}

/** ffmpeg's filter syntax treats ':' as a separator, also inside a Windows path. */
export function filterPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/:/g, '\\:');
}

/** Runs up to two jobs at a time: one per core of a small machine. */
export async function twoAtATime(jobs: readonly (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) await jobs[i]!();
  };
  await Promise.all([worker(), worker()]);
}
