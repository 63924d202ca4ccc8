import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
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
      `${tool} was not found: run npm install without --no-optional (it brings @ffmpeg-installer/ffmpeg and ` +
        `@ffprobe-installer/ffprobe), set ${variable} to its full path, ` +
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
 * The binary an installer package carries (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`, optional
 * dependencies of this package that pull the one platform package matching this machine). Their postinstall only
 * sets the execute bit, and npm may skip install scripts, so the bit is set here when missing.
 */
function installerBinary(
  name: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe',
): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const found = require(name) as { path?: unknown };
    const path = typeof found.path === 'string' ? found.path : undefined;
    if (!path || !existsSync(path)) return undefined;
    if (!isExecutable(path) && process.platform !== 'win32') {
      try {
        chmodSync(path, 0o755);
      } catch {
        return undefined;
      }
    }
    return isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
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
  /** Whether the binaries of the installer packages count (on by default; tests of the other ways turn it off). */
  installers?: boolean;
}

function shipped(tool: 'ffmpeg' | 'ffprobe', lookup: FfmpegLookup): string | undefined {
  if (!lookup.shippedDir) return undefined;
  const path = join(lookup.shippedDir, process.platform === 'win32' ? `${tool}.exe` : tool);
  return isExecutable(path) ? path : undefined;
}

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH first, then the binaries shipped with the application (when
 * `lookup.shippedDir` names their folder), then the PATH, then the binaries of the `@ffmpeg-installer` /
 * `@ffprobe-installer` optional dependencies, then a hand-installed ffmpeg-static (with an ffprobe beside it, when
 * one is). A system ffmpeg goes before the packaged one: it is usually newer and the machine's owner chose it.
 * Throws an error naming the ways to provide them when a tool is nowhere.
 */
export function resolveFfmpegBinaries(
  env: NodeJS.ProcessEnv = process.env,
  lookup: FfmpegLookup = {},
): FfmpegBinaries {
  const installers = lookup.installers ?? true;
  const bundled = bundledFfmpeg();
  const ffmpeg =
    env['FFMPEG_PATH'] ||
    shipped('ffmpeg', lookup) ||
    onPath('ffmpeg', env) ||
    (installers ? installerBinary('@ffmpeg-installer/ffmpeg') : undefined) ||
    bundled;
  if (!ffmpeg) throw new FfmpegNotFoundError('ffmpeg');
  const besideBundled = bundled
    ? join(dirname(bundled), process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe')
    : '';
  const ffprobe =
    env['FFPROBE_PATH'] ||
    shipped('ffprobe', lookup) ||
    onPath('ffprobe', env) ||
    (installers ? installerBinary('@ffprobe-installer/ffprobe') : undefined) ||
    (besideBundled && isExecutable(besideBundled) ? besideBundled : undefined);
  if (!ffprobe) throw new FfmpegNotFoundError('ffprobe');
  return { ffmpeg, ffprobe };
}

/** The binaries, or null when this machine has none (demo seeding then skips videos). */
export function findFfmpegBinaries(
  env: NodeJS.ProcessEnv = process.env,
  lookup: FfmpegLookup = {},
): FfmpegBinaries | null {
  try {
    return resolveFfmpegBinaries(env, lookup);
  } catch {
    return null;
  }
}

/**
 * A start-up warning for a machine where ffmpeg or ffprobe is nowhere, naming the fix; null where both are found.
 * Without them uploads cannot be prepared and the demo catalogue gets photos but no videos, so it must be seen.
 */
export function missingFfmpegWarning(
  env: NodeJS.ProcessEnv = process.env,
  lookup: FfmpegLookup = {},
): string | null {
  try {
    resolveFfmpegBinaries(env, lookup);
    return null;
  } catch (error) {
    if (!(error instanceof FfmpegNotFoundError)) throw error;
    const rule = '!'.repeat(78);
    return [
      rule,
      `!! ${error.message}`,
      '!! Without it videos cannot be prepared: the demo catalogue shows photos only and video uploads fail.',
      '!! Fix: `npm install` (optional dependencies on), or set FFMPEG_PATH and FFPROBE_PATH, then restart.',
      rule,
    ].join('\n');
  }
}
