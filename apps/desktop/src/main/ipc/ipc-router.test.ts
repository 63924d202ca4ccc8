import { afterEach, describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, REFRESH_HELD_BY_MAIN, type InvokeChannel } from '../../shared/ipc-contract.ts';
import { consoleServices } from './console-services.test-support.ts';
import {
  createInvokeDispatcher,
  IpcSenderError,
  IpcValidationError,
  registerInvokeHandlers,
  type IpcMainLike,
  type IpcSenderEvent,
} from './ipc-router.main.ts';
import { requestSchemas } from './ipc-schemas.main.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function setup() {
  const console = consoleServices();
  cleanup = console.cleanup;
  return { ...console, dispatch: createInvokeDispatcher(console.handlers, requestSchemas) };
}

describe('IPC contract', () => {
  it('has a schema and a handler for every channel, and nothing else', () => {
    const { handlers } = setup();
    expect(Object.keys(requestSchemas).sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(Object.keys(handlers).sort()).toEqual([...INVOKE_CHANNELS].sort());
  });
});

describe('IPC handlers refuse bad payloads before running', () => {
  it.each<[InvokeChannel, unknown, RegExp]>([
    ['vault.save', { accessToken: '', refreshToken: 'r' }, /accessToken: is required/],
    ['vault.save', { accessToken: 'a' }, /refreshToken/],
    ['vault.save', 'a,b', /request/],
    ['auth.call', { endpoint: 'delete-account', body: {} }, /endpoint/],
    ['files.read', { id: '../../etc/passwd' }, /must be an id issued by the console/],
    ['files.read', { path: '/etc/passwd' }, /id/],
    ['files.import', { name: 'a.mp4', type: 'video/mp4', bytes: 'AAAA' }, /bytes: must be bytes/],
    ['video.prepare', { jobId: 'job-123456', fileId: 42 }, /fileId/],
    [
      'video.upload',
      { jobId: 'job-123456', fileId: 'file-123456', folder: 'conversations/x/media' },
      /folder: must be a car folder/,
    ],
    ['video.upload', { jobId: 'job-123456', fileId: '/etc/passwd', folder: 'cars/x' }, /fileId/],
    ['shell.openExternal', { url: 'file:///etc/passwd' }, /must be an http\(s\), mailto: or tel: link/],
    ['shell.openExternal', { url: 'javascript:alert(1)' }, /url/],
    ['prefs.set', { apiBaseUrl: 'ftp://example.com' }, /must be an http:\/\/ or https:\/\/ address/],
    ['prefs.set', { apiBaseUrl: 'https://user:pw@example.com/api' }, /apiBaseUrl/],
    ['drafts.save', { key: '../escape', draft: {} }, /key: must be 1 to 100 letters/],
    ['drafts.save', { key: 'a.b', draft: {} }, /key/],
    ['app.info', { extra: true }, /request/],
  ])('%s refuses %j', async (channel, payload, message) => {
    const { dispatch, services, opened, store } = setup();
    const before = JSON.stringify(store.store);
    const error = await dispatch(channel, payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpcValidationError);
    expect((error as Error).message).toMatch(
      new RegExp(`^Invalid request for ${channel.replace('.', '\\.')}: `),
    );
    expect((error as Error).message).toMatch(message);
    // Nothing changed: no session, no link opened, no setting or draft written.
    expect(await services.vault.load()).toBeNull();
    expect(opened).toEqual([]);
    expect(JSON.stringify(store.store)).toBe(before);
  });

  it('refuses an unknown channel', async () => {
    const { dispatch } = setup();
    await expect(dispatch('fs.readFile' as InvokeChannel, {})).rejects.toThrow(
      'Invalid request for fs.readFile: unknown channel',
    );
  });

  it('passes valid payloads, stripped of keys the contract does not declare', async () => {
    const { dispatch, opened, services } = setup();
    await dispatch('shell.openExternal', { url: 'https://wa.me/26876123456', extra: 'ignored' });
    expect(opened).toEqual(['https://wa.me/26876123456']);
    await dispatch('vault.save', { accessToken: 'a', refreshToken: 'r', user: 'x' });
    expect(await services.vault.load()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(await dispatch('vault.load', undefined)).toEqual({
      accessToken: 'a',
      refreshToken: REFRESH_HELD_BY_MAIN,
    });
    expect(await dispatch('prefs.set', { apiBaseUrl: 'https://autoreel.example/api/' })).toEqual({
      apiBaseUrl: 'https://autoreel.example/api',
    });
  });

  it('answers a file id it never issued with a clear error', async () => {
    const { dispatch } = setup();
    await expect(dispatch('files.read', { id: 'AAAAAAAAAAAAAAAA' })).rejects.toThrow(
      'That file is no longer available: pick it again',
    );
  });
});

describe('registerInvokeHandlers', () => {
  function fakeIpcMain() {
    const registered = new Map<string, (event: IpcSenderEvent, payload: unknown) => unknown>();
    const ipc: IpcMainLike = { handle: (channel, listener) => void registered.set(channel, listener) };
    return { ipc, registered };
  }

  it('registers every channel and refuses requests from frames that are not the console', async () => {
    const { handlers } = setup();
    const { ipc, registered } = fakeIpcMain();
    registerInvokeHandlers(ipc, handlers, requestSchemas, (url) => url.startsWith('file:///app/'));
    expect([...registered.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());

    const info = registered.get('app.info')!;
    await expect(
      Promise.resolve(info({ senderFrame: { url: 'file:///app/index.html' } }, undefined)),
    ).resolves.toMatchObject({ version: '0.0.0-test' });
    expect(() => info({ senderFrame: { url: 'https://evil.example/' } }, undefined)).toThrow(IpcSenderError);
    expect(() => info({ senderFrame: null }, undefined)).toThrow(
      'Refused app.info: the request did not come from the AutoReel console',
    );
  });
});
