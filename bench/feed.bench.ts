// npm run bench:feed — a minute of the feed on a 390 px phone: Debian's Chromium (Playwright) on the production
// server with demo data, throttled by CDP (slow 4G: 1.6 Mbit/s down, 150 ms; 3G: 400 kbit/s, 400 ms), swipes
// through 10 demo cars, 6 s each, with and without Save-Data, on this build (HLS ladder) and as the MP4-only build
// (the same page with HLS hidden from it: no MediaSource, no native HLS, so every car plays its MP4 and the next one
// buffers it, as before the ladder), side by side in one run. Reports bytes per minute of feed, time to first frame
// per swipe (p50, p75) and stalls after the first frame.
// Targets on slow 4G (this build): first frame p75 <= 1 s, no stall; on Save-Data <= 3 MB per minute of feed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';

const PORT = Number(process.env['BENCH_FEED_PORT'] ?? 8181);
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CARS = 10;
const SECONDS_PER_CAR = 6;
const TARGETS = { firstFrameP75Ms: 1_000, stalls: 0, saveDataMbPerMinute: 3 };
const root = join(import.meta.dirname, '..');
const origin = `http://localhost:${PORT}`;
const outDir = join(root, '.bench', 'feed');

const NETWORKS = {
  'slow 4G': { downKbps: 1_600, latencyMs: 150 },
  '3G': { downKbps: 400, latencyMs: 400 },
} as const;
type NetworkName = keyof typeof NETWORKS;
type Build = 'HLS ladder' | 'MP4 only';

interface Row {
  build: Build;
  network: NetworkName;
  saveData: boolean;
  /** Every byte the page received during the minute (media and the rest), per minute of feed. */
  mbPerMinute: number;
  mediaMbPerMinute: number;
  firstFrameP50Ms: number;
  firstFrameP75Ms: number;
  /** Swipes whose video showed no frame within its 6 s. */
  noFrame: number;
  stalls: number;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/** The production server on demo data (with its ladders) in its own data folder, once the catalogue answers. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(PORT), AUTOREEL_DATA_DIR: join(root, '.bench/feed-data') },
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${origin}/api/cars?limit=1`);
      const body = (await res.json()) as { data?: { cars?: Array<{ videoStreams?: unknown[] }> } };
      if (res.ok && (body.data?.cars?.length ?? 0) > 0) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not answer with demo cars within 240 s');
}

/** Page-side probes: the feed's current video, its first frame and its stalls, timed from each swipe. */
function installProbes(build: Build, saveData: boolean) {
  return `(() => {
    if (${JSON.stringify(build)} === 'MP4 only') {
      // What a build without the ladder did: MP4 for every car (no MSE, no native HLS for the page to use).
      delete window.MediaSource;
      delete window.ManagedMediaSource;
      const canPlay = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type) {
        return /mpegurl/i.test(type) ? '' : canPlay.call(this, type);
      };
    }
    if (${saveData}) {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
      });
    }
    const probe = (window.__feedProbe = { swipeAt: 0, firstFrame: [], stalls: 0, framed: false });
    const current = () => document.querySelector('[data-testid="feed-current"] video');
    document.addEventListener('playing', (event) => {
      if (event.target !== current() || probe.framed) return;
      probe.framed = true;
      probe.firstFrame.push(performance.now() - probe.swipeAt);
    }, true);
    document.addEventListener('waiting', (event) => {
      if (event.target === current() && probe.framed) probe.stalls += 1;
    }, true);
    window.__feedSwiped = () => { probe.swipeAt = performance.now(); probe.framed = false; };
  })();`;
}

async function throttle(cdp: CDPSession, network: NetworkName) {
  const { downKbps, latencyMs } = NETWORKS[network];
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (downKbps * 1000) / 8,
    uploadThroughput: (750 * 1000) / 8,
  });
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function oneMinute(
  browser: Browser,
  build: Build,
  network: NetworkName,
  saveData: boolean,
): Promise<Row> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    // A new context each run: a fresh cache, so every run pays for what it watches.
    ...(saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
  const page: Page = await context.newPage();
  await page.addInitScript(installProbes(build, saveData));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await throttle(cdp, network);
  let bytes = 0;
  let mediaBytes = 0;
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (new URL(urls.get(e.requestId) ?? origin).pathname.startsWith('/media/'))
      mediaBytes += e.encodedDataLength;
  });

  await page.goto(origin, { waitUntil: 'commit' });
  await page.evaluate('window.__feedSwiped()');
  await page.getByTestId('feed-current').waitFor({ timeout: 60_000 });
  // Counting starts with the first car on screen: a minute of feed is 10 cars x 6 s.
  bytes = 0;
  mediaBytes = 0;
  for (let car = 0; car < CARS; car++) {
    if (car > 0) {
      await page.evaluate('window.__feedSwiped()');
      await page.keyboard.press('ArrowDown');
    }
    await page.waitForTimeout(SECONDS_PER_CAR * 1000);
  }
  const probe = await page.evaluate<{ firstFrame: number[]; stalls: number }>('window.__feedProbe');
  await context.close();
  const minutes = (CARS * SECONDS_PER_CAR) / 60;
  return {
    build,
    network,
    saveData,
    mbPerMinute: bytes / 1_000_000 / minutes,
    mediaMbPerMinute: mediaBytes / 1_000_000 / minutes,
    firstFrameP50Ms: percentile(probe.firstFrame, 50),
    firstFrameP75Ms: percentile(probe.firstFrame, 75),
    noFrame: CARS - probe.firstFrame.length,
    stalls: probe.stalls,
  };
}

function table(rows: Row[]): string {
  const header =
    '| build | network | Save-Data | MB per minute (all) | media MB per minute | first frame p50 ms | first frame p75 ms | no frame | stalls |';
  const line = '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |';
  const body = rows.map(
    (r) =>
      `| ${r.build} | ${r.network} | ${r.saveData ? 'on' : 'off'} | ${r.mbPerMinute.toFixed(2)} | ` +
      `${r.mediaMbPerMinute.toFixed(2)} | ${Math.round(r.firstFrameP50Ms)} | ${Math.round(r.firstFrameP75Ms)} | ` +
      `${r.noFrame} | ${r.stalls} |`,
  );
  return [header, line, ...body].join('\n');
}

mkdirSync(outDir, { recursive: true });
if (!existsSync(join(root, 'apps/storefront/dist/index.html'))) await run('npm', ['run', 'build:web']);
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
console.log(`load average before the run: ${load}`);
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM });
const rows: Row[] = [];
try {
  for (const network of Object.keys(NETWORKS) as NetworkName[]) {
    for (const saveData of [false, true]) {
      // The two builds one after the other, for each case: both see the same minutes of a noisy machine.
      for (const build of ['HLS ladder', 'MP4 only'] as const) {
        const row = await oneMinute(browser, build, network, saveData);
        console.log(table([row]).split('\n')[2]);
        rows.push(row);
      }
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

console.log(`\n${CARS} demo cars x ${SECONDS_PER_CAR} s on a 390 px phone, ${new Date().toISOString()}\n`);
console.log(table(rows));
const ours = (network: NetworkName, saveData: boolean) =>
  rows.find((r) => r.build === 'HLS ladder' && r.network === network && r.saveData === saveData)!;
const checks = [
  [
    `slow 4G: first frame p75 <= ${TARGETS.firstFrameP75Ms} ms`,
    ours('slow 4G', false).firstFrameP75Ms <= TARGETS.firstFrameP75Ms,
  ],
  ['slow 4G: no stall after the first frame', ours('slow 4G', false).stalls <= TARGETS.stalls],
  [
    `Save-Data: <= ${TARGETS.saveDataMbPerMinute} MB per minute of feed`,
    ours('slow 4G', true).mbPerMinute <= TARGETS.saveDataMbPerMinute &&
      ours('3G', true).mbPerMinute <= TARGETS.saveDataMbPerMinute,
  ],
] as const;
console.log(`\n${checks.map(([name, ok]) => `${ok ? 'met' : 'MISSED'}: ${name}`).join('\n')}`);
writeFileSync(join(outDir, 'feed.json'), JSON.stringify({ load, rows, checks }, null, 2));
