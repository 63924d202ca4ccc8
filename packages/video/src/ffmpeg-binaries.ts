import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

export class FfmpegNotFoundError extends Error {
  constructor(tool: 'ffmpeg' | 'ffprobe') {
    const variable = tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
    super(
      `${tool} was not found: set ${variable} to its full path, install the optional ffmpeg-static package, ` +
        `or put ${tool} on the PATH (Debian/Ubuntu: apt-get install ffmpeg)`,
    );
    this.name = 'FfmpegNotFoundError';
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const extensions = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const folder of (env['PATH'] ?? '').split(delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      const candidate = join(folder, name + extension);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * ffmpeg-static, where a machine installed it by hand: its install downloads a binary, so no package.json lists it
 * and offline machines have none.
 */
function bundledFfmpeg(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const path = require('ffmpeg-static') as unknown;
    return typeof path === 'string' && isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export interface FfmpegLookup {
  /**
   * A folder of ffmpeg and ffprobe shipped with the application: the dealer console's `resources/ffmpeg`, which
   * electron-builder fills when the packaging machine staged the binaries. Each tool is taken from it when there.
   */
  shippedDir?: string | undefined;
}

function shipped(tool: 'ffmpeg' | 'ffprobe', lookup: FfmpegLookup): string | undefined {
  if (!lookup.shippedDir) return undefined;
  const path = join(lookup.shippedDir, process.platform === 'win32' ? `${tool}.exe` : tool);
  return isExecutable(path) ? path : undefined;
}

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH first, then the binaries shipped with the application (when
 * `lookup.shippedDir` names their folder), then the bundled ffmpeg-static binary (with an ffprobe beside it, when
 * one is), then the PATH. Throws an error naming the ways to provide them when a tool is nowhere.
 */
export function resolveFfmpegBinaries(
  env: NodeJS.ProcessEnv = process.env,
  lookup: FfmpegLookup = {},
): FfmpegBinaries {
  const bundled = bundledFfmpeg();
  const ffmpeg = env['FFMPEG_PATH'] || shipped('ffmpeg', lookup) || bundled || onPath('ffmpeg', env);
  if (!ffmpeg) throw new FfmpegNotFoundError('ffmpeg');
  const besideBundled = bundled
    ? join(dirname(bundled), process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe')
    : '';
  const ffprobe =
    env['FFPROBE_PATH'] ||
    shipped('ffprobe', lookup) ||
    (besideBundled && isExecutable(besideBundled) ? besideBundled : onPath('ffprobe', env));
  if (!ffprobe) throw new FfmpegNotFoundError('ffprobe');
  return { ffmpeg, ffprobe };
}

/** The binaries, or null when this machine has none (demo seeding then skips videos). */
export function findFfmpegBinaries(env: NodeJS.ProcessEnv = process.env): FfmpegBinaries | null {
  try {
    return resolveFfmpegBinaries(env);
  } catch {
    return null;
  }
}
