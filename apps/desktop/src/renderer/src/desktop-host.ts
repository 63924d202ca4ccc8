import { ApiError } from '@autoreel/api-client';
import type { DraftStore, HeldFile, Host, PickedFile } from '@autoreel/ui';
import type { DesktopBridge, FileRef, PreparedVideoRef } from '../../shared/ipc-contract.ts';
import { ipcErrorMessage, withReadableErrors } from './ipc-errors.ts';

const USER_KEY = 'autoreel.user';

function newJobId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Runs one main-process job under a fresh id with its progress events and cancel wired to the page's signal. The
 * Host contract: a stopped job rejects with an AbortError.
 */
async function runJob<T>(
  bridge: DesktopBridge,
  start: (jobId: string) => Promise<T>,
  options: { onProgress?: ((fraction: number) => void) | undefined; signal?: AbortSignal | undefined },
  abortMessage: string,
): Promise<T> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  const jobId = newJobId();
  const stopListening = bridge.on('video.progress', (event) => {
    if (event.jobId === jobId) onProgress?.(event.fraction);
  });
  const cancel = () => void bridge.invoke('video.cancel', { jobId });
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await start(jobId);
  } catch (error) {
    if (signal?.aborted) throw new DOMException(abortMessage, 'AbortError');
    throw error;
  } finally {
    stopListening();
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The prepared video as the page holds it: name, type and size, and a send that has main upload the file and
 * its poster from disk. Its bytes never cross into the page.
 */
function heldVideo(bridge: DesktopBridge, prepared: PreparedVideoRef): HeldFile {
  const { file, poster } = prepared;
  return {
    name: file.name,
    type: file.type,
    size: file.size,
    async send(folder, options = {}) {
      let answer;
      try {
        answer = await runJob(
          bridge,
          (jobId) => bridge.invoke('video.upload', { jobId, fileId: file.id, posterId: poster.id, folder }),
          options,
          'The upload was cancelled',
        );
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        // Main could not reach the API: what the page's client reports offline.
        throw ApiError.network(error);
      }
      const data = (answer.body as { data?: { key?: unknown; url?: unknown } } | undefined)?.data;
      if (answer.status >= 400 || typeof data?.key !== 'string' || typeof data.url !== 'string')
        throw ApiError.fromResponse(answer.status, answer.body);
      return { key: data.key, url: data.url };
    },
  };
}

/**
 * The dealer console's platform services, on the preload bridge. Tokens live in main (the OS keychain, or memory
 * when there is none): the page reads the access token and a marker for the refresh token. Files come from the
 * system dialog and videos are prepared by ffmpeg in main, with progress and cancel.
 */
export function createDesktopHost(bridge: DesktopBridge, storage: Storage = window.localStorage): Host {
  // Which main-process file a picked File came from, so preparing it does not send its bytes back.
  const fileIds = new WeakMap<Blob, string>();

  const toPicked = async (ref: FileRef): Promise<PickedFile> => {
    const bytes = await withReadableErrors(bridge.invoke('files.read', { id: ref.id }));
    const blob = new File([bytes as Uint8Array<ArrayBuffer>], ref.name, { type: ref.type });
    fileIds.set(blob, ref.id);
    return { name: ref.name, type: ref.type, size: ref.size, blob };
  };

  const fileIdFor = async (file: PickedFile): Promise<string> => {
    const known = fileIds.get(file.blob);
    if (known) return known;
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    const ref = await withReadableErrors(
      bridge.invoke('files.import', { name: file.name, type: file.type, bytes }),
    );
    return ref.id;
  };

  return {
    kind: 'desktop',
    tokens: {
      load: () => bridge.invoke('vault.load', undefined),
      save: (tokens) => withReadableErrors(bridge.invoke('vault.save', tokens)),
      clear: () => bridge.invoke('vault.clear', undefined),
    },
    // The profile is not a secret and lets a restart show the session at once (SPEC 9); tokens stay in main.
    user: {
      load() {
        const text = storage.getItem(USER_KEY);
        try {
          return Promise.resolve(text ? (JSON.parse(text) as unknown) : null);
        } catch {
          return Promise.resolve(null);
        }
      },
      save(user) {
        storage.setItem(USER_KEY, JSON.stringify(user));
        return Promise.resolve();
      },
      clear() {
        storage.removeItem(USER_KEY);
        return Promise.resolve();
      },
    },
    // A desktop has no share sheet; the UI falls back to copying the link.
    share: () => Promise.resolve(false),
    copyToClipboard: (text) => navigator.clipboard.writeText(text),
    vibrate: () => undefined,
    async pickFiles(options = {}) {
      const refs = await withReadableErrors(
        bridge.invoke('files.pick', { accept: options.accept, multiple: options.multiple }),
      );
      return Promise.all(refs.map(toPicked));
    },
    async prepareVideo(file, onProgress, signal) {
      signal?.throwIfAborted();
      const fileId = await fileIdFor(file);
      const prepared = await runJob(
        bridge,
        (jobId) => withReadableErrors(bridge.invoke('video.prepare', { jobId, fileId })),
        { onProgress, signal },
        'Video preparation was cancelled',
      );
      // The prepared file stays in main, which uploads it with its poster; the page gets its name and size only.
      return { file: heldVideo(bridge, prepared), transformed: prepared.transformed };
    },
    openExternal(url) {
      // Fire and forget, as a link click is; a refused scheme is logged rather than left unhandled.
      bridge.invoke('shell.openExternal', { url }).catch((error: unknown) => {
        console.warn(ipcErrorMessage(error));
      });
    },
    notify(notification) {
      bridge.invoke('notify.show', notification).catch((error: unknown) => {
        console.warn(ipcErrorMessage(error));
      });
    },
    setBadgeCount(count) {
      bridge.invoke('notify.badge', { count }).catch((error: unknown) => {
        console.warn(ipcErrorMessage(error));
      });
    },
    onNotificationOpen: (listener) => bridge.on('notification.open', ({ link }) => listener(link)),
    // The console shows OS notifications from its own stream; it has no push service.
    push: null,
  };
}

/**
 * Wizard drafts in main's settings file (electron-store), so a half-filled listing survives a restart. As on the
 * web, a draft is a convenience: a refused read answers null and a refused write is logged, never thrown at the form.
 */
export function createDesktopDraftStore(bridge: DesktopBridge): DraftStore {
  const logged = (error: unknown) => console.warn(ipcErrorMessage(error));
  return {
    load: (key) => bridge.invoke('drafts.load', { key }).catch((error: unknown) => (logged(error), null)),
    save: (key, value) => bridge.invoke('drafts.save', { key, draft: value }).catch(logged),
    remove: (key) => bridge.invoke('drafts.delete', { key }).catch(logged),
  };
}
