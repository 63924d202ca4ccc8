// Stages the ffmpeg and ffprobe the console ships: copies them into apps/desktop/ffmpeg/<os>-<arch>/, the
// folder electron-builder's extraResources takes them from (into resources/ffmpeg of the packaged app). Run on the
// packaging machine before `package:win` / `package:mac`:
//
//   node apps/desktop/scripts/stage-ffmpeg.ts                    # this machine's platform and architecture
//   node apps/desktop/scripts/stage-ffmpeg.ts --arch arm64       # another architecture: point FFMPEG_PATH and
//                                                                # FFPROBE_PATH at that architecture's binaries
//
// <os> is electron-builder's name for the target: win, mac or linux.
//
// The binaries are found as the console finds them: FFMPEG_PATH / FFPROBE_PATH, then ffmpeg-static, then the PATH.
// Ship static builds (a system package's ffmpeg needs that system's shared libraries). The console's arguments
// need ffmpeg 4.4 or later (-fpsmax); a binary of this machine's architecture is checked for that before it is
// copied.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveFfmpegBinaries } from '@autoreel/video';

const { values } = parseArgs({
  options: {
    arch: { type: 'string', default: process.arch },
    platform: { type: 'string', default: process.platform },
  },
});
const platform = values.platform;
const arch = values.arch;
const os = ({ win32: 'win', darwin: 'mac' } as Record<string, string>)[platform] ?? platform;
const exe = platform === 'win32' ? '.exe' : '';
const binaries = resolveFfmpegBinaries();

if (platform === process.platform && arch === process.arch) {
  const options = execFileSync(binaries.ffmpeg, ['-hide_banner', '-h', 'long'], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (!options.includes('-fpsmax')) {
    console.error(
      `${binaries.ffmpeg} is older than ffmpeg 4.4 (no -fpsmax): the console's transcodes would fail`,
    );
    process.exit(1);
  }
}

const folder = join(import.meta.dirname, '..', 'ffmpeg', `${os}-${arch}`);
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
for (const tool of ['ffmpeg', 'ffprobe'] as const) {
  const from = binaries[tool];
  const to = join(folder, tool + exe);
  copyFileSync(from, to);
  chmodSync(to, 0o755);
  console.log(`${from} -> ${to}`);
}
