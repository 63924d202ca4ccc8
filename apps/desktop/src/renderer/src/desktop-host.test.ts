import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '@autoreel/ui';
import type { DesktopBridge } from '../../shared/ipc-contract.ts';
import { consoleServices } from '../../main/ipc/console-services.test-support.ts';
import { inProcessBridge, type BridgeCrossing } from '../../main/ipc/in-process-bridge.test-support.ts';
import { requestSchemas } from '../../main/ipc/ipc-schemas.main.ts';
import {
  generateClip,
  inspect,
  movingPicture,
  tone,
  videoStream,
} from '../../main/video/video-quality.test-support.ts';
import { createDesktopDraftStore, createDesktopHost } from './desktop-host.ts';
import { ipcErrorMessage } from './ipc-errors.ts';

let console: ReturnType<typeof consoleServices>;
let host: Host;
let bridge: DesktopBridge;
let portrait: string;
let short: string;
const crossings: BridgeCrossing[] = [];

beforeAll(() => {
  console = consoleServices();
  portrait = generateClip(
    join(console.dir, 'walkaround.mov'),
    [movingPicture(1080, 1920, 4), tone(4)],
    ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  );
  short = generateClip(join(console.dir, 'short.mp4'), [movingPicture(720, 1280, 2)], ['-c:v', 'libx264']);
  // The system dialog's answer: the dealer picked the two clips.
  console.services.showOpenDialog = () => Promise.resolve([portrait, short]);
  bridge = inProcessBridge(console.handlers, requestSchemas, crossings);
  host = createDesktopHost(bridge, new Map() as unknown as Storage);
}, 120_000);

afterAll(() => console.cleanup());

describe('desktop host over the bridge', { timeout: 180_000 }, () => {
  it('picks files through the dialog and prepares a video with progress, its bytes staying in main', async () => {
    const [picked, tooShort] = await host.pickFiles({ accept: 'video/*', multiple: true });
    expect(picked).toMatchObject({ name: 'walkaround.mov', type: 'video/quicktime' });
    expect(picked!.blob.size).toBe(picked!.size);
    expect(tooShort).toMatchObject({ name: 'short.mp4', type: 'video/mp4' });

    crossings.length = 0;
    const progress: number[] = [];
    const prepared = await host.prepareVideo(picked!, (f) => progress.push(f));
    expect(prepared.transformed).toBe(true);
    expect(prepared.file).toMatchObject({ name: 'walkaround.mp4', type: 'video/mp4' });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    // The page holds the prepared file's name and size only: no bytes crossed, it has no blob to upload.
    expect(crossings).toEqual([{ channel: 'video.prepare', requestBytes: 0, answerBytes: 0 }]);
    expect(prepared.file).not.toHaveProperty('blob');
    expect(prepared.file).toHaveProperty('send');

    // The file main will upload is the delivery format, of the size the page was told.
    const produced = (await readdir(console.services.files.workDir)).filter((name) => name.endsWith('.mp4'));
    expect(produced).toHaveLength(1);
    const file = join(console.services.files.workDir, produced[0]!);
    expect((await stat(file)).size).toBe(prepared.file.size);
    expect(videoStream(inspect(file))).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
  });

  it('prepares a file the page holds as bytes (dropped, not picked) by importing it first', async () => {
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(portrait);
    const dropped = new File([bytes], 'dropped.mov', { type: 'video/quicktime' });
    const prepared = await host.prepareVideo({
      name: dropped.name,
      type: dropped.type,
      size: dropped.size,
      blob: dropped,
    });
    expect(prepared.file.name).toBe('dropped.mp4');
  });

  it('rejects with the reason in plain words', async () => {
    const [, tooShort] = await host.pickFiles({ accept: 'video/*', multiple: true });
    await expect(host.prepareVideo(tooShort!)).rejects.toThrow(
      /^Video is too short: it must be at least 3 seconds long$/,
    );
  });

  it('cancels through the abort signal: ffmpeg stops and the promise rejects', async () => {
    const [picked] = await host.pickFiles({ accept: 'video/*' });
    const controller = new AbortController();
    const running = host.prepareVideo(
      picked!,
      (fraction) => {
        if (fraction > 0) controller.abort();
      },
      controller.signal,
    );
    await expect(running).rejects.toMatchObject({
      name: 'AbortError',
      message: 'Video preparation was cancelled',
    });
  });

  it('opens links with the system handler, refusing schemes that could run code', async () => {
    host.openExternal('https://autoreel.example/cars/abc');
    host.openExternal('file:///etc/passwd');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(console.opened).toEqual(['https://autoreel.example/cars/abc']);
  });
});

describe('wizard drafts through the desktop draft store', () => {
  it('saves, reads back and removes the wizard draft in the settings file', async () => {
    const drafts = createDesktopDraftStore(bridge);
    const draft = { version: 1, step: 2, fields: { make: 'Nissan', model: 'NP200', year: 2019 } };
    await drafts.save('add-car:3f1c2b7e-1d2a-4c5b', draft);
    expect(await drafts.load('add-car:3f1c2b7e-1d2a-4c5b')).toEqual(draft);
    expect(console.store.get('drafts.add-car:3f1c2b7e-1d2a-4c5b')).toMatchObject({ draft });
    await drafts.remove('add-car:3f1c2b7e-1d2a-4c5b');
    expect(await drafts.load('add-car:3f1c2b7e-1d2a-4c5b')).toBeNull();
  });

  it('never throws at the form: a refused key reads as no draft and its write is dropped', async () => {
    const drafts = createDesktopDraftStore(bridge);
    await expect(drafts.save('../../settings', {})).resolves.toBeUndefined();
    await expect(drafts.load('../../settings')).resolves.toBeNull();
    expect(console.store.get('drafts')).toEqual({});
  });
});

describe('ipcErrorMessage', () => {
  it("drops Electron's channel prefix and the error class", () => {
    expect(
      ipcErrorMessage(
        new Error(
          "Error invoking remote method 'video.prepare': VideoRejectedError: The file has no video stream",
        ),
      ),
    ).toBe('The file has no video stream');
    expect(ipcErrorMessage('plain')).toBe('plain');
  });
});
