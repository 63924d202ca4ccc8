// npm run bench:video — the dealer console's video preparation on a 30 s 1080x1920 30 fps clip with motion, side by
// side with plain ffmpeg on Immich's default transcode settings (libx264 ultrafast, CRF 23) on the same clip.
// Targets: prepared in <= 15 s on a 2-core machine, <= 2.5 Mbit/s at 720x1280, SSIM >= 0.985 against the source.
// BENCH_VIDEO_SWEEP=1 adds rows for other x264 presets and CRFs through the same arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildTranscodeArgs, prepareVideo, probe, resolveFfmpegBinaries } from '@autoreel/video';
import { DESKTOP_POLICY, VideoPreparer } from '../apps/desktop/src/main/video/video-preparer.main.ts';
import {
  generateClip,
  inspect,
  movingPicture,
  ssim,
  tone,
  videoStream,
} from '../apps/desktop/src/main/video/video-quality.test-support.ts';

const SECONDS = 30;
const TARGET = { seconds: 15, mbps: 2.5, ssim: 0.985, width: 720, height: 1280 };
const workDir = join(import.meta.dirname, '..', '.bench', 'video');
mkdirSync(workDir, { recursive: true });
const binaries = resolveFfmpegBinaries();

interface Row {
  pipeline: string;
  seconds: number;
  bytes: number;
  mbps: number;
  ssim: number;
  size: string;
}

/** The source: testsrc2 scrolls, counts and sweeps colour, so every frame differs; a tone for the audio track. */
function source(): string {
  const file = join(workDir, `source-1080x1920-${SECONDS}s.mp4`);
  if (existsSync(file)) return file;
  console.log(`generating ${file} ...`);
  return generateClip(
    file,
    [movingPicture(1080, 1920, SECONDS, 30), tone(SECONDS)],
    [
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '16',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ],
  );
}

function measured(pipeline: string, output: string, input: string, seconds: number): Row {
  const info = inspect(output);
  const bytes = statSync(output).size;
  const duration = Number(info.format.duration);
  const video = videoStream(info)!;
  return {
    pipeline,
    seconds,
    bytes,
    mbps: (bytes * 8) / duration / 1_000_000,
    ssim: ssim(output, input),
    size: `${video.width}x${video.height}`,
  };
}

function runFfmpeg(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(binaries.ffmpeg, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed:\n${result.stderr.slice(-2000)}`);
  return (performance.now() - started) / 1000;
}

/** What the console does: probe, transcode to the delivery format, probe the result, take the poster. */
async function consolePipeline(input: string): Promise<Row> {
  let n = 0;
  const preparer = new VideoPreparer({
    binaries,
    scratchPath: (extension) => Promise.resolve(join(workDir, `console-${++n}${extension}`)),
  });
  const started = performance.now();
  const prepared = await preparer.prepare(input);
  const seconds = (performance.now() - started) / 1000;
  const label = `AutoReel console (veryfast, CRF ${DESKTOP_POLICY.crf}, video cap ${DESKTOP_POLICY.maxBitrateKbps} kbit/s)`;
  return measured(label, prepared.output, input, seconds);
}

/**
 * The server's job on the same clip: its single rendition (the MP4 alone) and the adaptive ladder (three HLS
 * renditions in one ffmpeg run, the MP4 copied out of the top one). Target: the ladder within 1.5x the single one.
 */
async function serverPipelines(input: string): Promise<[Row, Row]> {
  let started = performance.now();
  const single = await prepareVideo({ input, output: join(workDir, 'server-single.mp4'), binaries });
  const singleRow = measured(
    'server, single rendition (MP4)',
    single.delivered,
    input,
    (performance.now() - started) / 1000,
  );
  const ladderDir = join(workDir, 'server-ladder');
  rmSync(ladderDir, { recursive: true, force: true });
  started = performance.now();
  const ladder = await prepareVideo({
    input,
    output: join(workDir, 'server-ladder.mp4'),
    binaries,
    ladderDir,
  });
  const sizes = ladder.ladder!.renditions.map((r) => `${r.height}p`).join('+');
  const ladderRow = measured(
    `server, ladder (${sizes} HLS + MP4, one run)`,
    ladder.delivered,
    input,
    (performance.now() - started) / 1000,
  );
  return [singleRow, ladderRow];
}

/** Immich's defaults: libx264, preset ultrafast, CRF 23, 720p target, AAC, threads 0 (auto). */
function immichDefaults(input: string): Row {
  const output = join(workDir, 'immich.mp4');
  const seconds = runFfmpeg([
    ...['-hide_banner', '-nostdin', '-y', '-i', input],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-threads', '0'],
    ...['-vf', 'scale=720:-2', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', 'faststart', output],
  ]);
  return measured('plain ffmpeg, Immich defaults (ultrafast, CRF 23)', output, input, seconds);
}

/** The console's own arguments with another preset or CRF: how the chosen settings were picked. */
async function sweep(input: string): Promise<Row[]> {
  const info = await probe(binaries.ffprobe, input);
  const rows: Row[] = [];
  for (const [preset, crf] of [
    ['superfast', 23],
    ['faster', 23],
    ['veryfast', 21],
    ['veryfast', 25],
  ] as const) {
    const output = join(workDir, `sweep-${preset}-${crf}.mp4`);
    const args = buildTranscodeArgs(input, output, info, { ...DESKTOP_POLICY, crf });
    args[args.indexOf('-preset') + 1] = preset;
    rows.push(measured(`console arguments, ${preset}, CRF ${crf}`, output, input, runFfmpeg(args)));
  }
  return rows;
}

function table(rows: Row[]): string {
  const header = '| pipeline | time s | size MB | Mbit/s | SSIM | output |';
  const line = '| --- | ---: | ---: | ---: | ---: | --- |';
  const body = rows.map(
    (r) =>
      `| ${r.pipeline} | ${r.seconds.toFixed(1)} | ${(r.bytes / 1_000_000).toFixed(2)} | ${r.mbps.toFixed(2)} | ` +
      `${r.ssim.toFixed(4)} | ${r.size} |`,
  );
  return [header, line, ...body].join('\n');
}

const input = source();
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
console.log(`load average before the run: ${load}`);
const ours = await consolePipeline(input);
const immich = immichDefaults(input);
const [serverSingle, serverLadder] = await serverPipelines(input);
const rows = [
  ours,
  immich,
  serverSingle,
  serverLadder,
  ...(process.env['BENCH_VIDEO_SWEEP'] === '1' ? await sweep(input) : []),
];
console.log(`\n${SECONDS} s 1080x1920 30 fps clip (testsrc2 + tone), ${new Date().toISOString()}\n`);
console.log(table(rows));

const checks = [
  [`time <= ${TARGET.seconds} s`, ours.seconds <= TARGET.seconds],
  [`bitrate <= ${TARGET.mbps} Mbit/s`, ours.mbps <= TARGET.mbps],
  [`SSIM >= ${TARGET.ssim}`, ours.ssim >= TARGET.ssim],
  [`output ${TARGET.width}x${TARGET.height}`, ours.size === `${TARGET.width}x${TARGET.height}`],
  ['server ladder <= 1.5x its single rendition', serverLadder.seconds <= 1.5 * serverSingle.seconds],
] as const;
console.log(`\n${checks.map(([name, ok]) => `${ok ? 'met' : 'MISSED'}: ${name}`).join('\n')}`);
writeFileSync(join(workDir, 'video.json'), JSON.stringify({ load, rows, checks }, null, 2));
