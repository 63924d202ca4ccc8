import type { DraftStore, Host, PickedFile } from '@autoreel/ui';
import type { DesktopBridge, FileRef } from '../../shared/ipc-contract.ts';
import { ipcErrorMessage, withReadableErrors } from './ipc-errors.ts';

const USER_KEY = 'autoreel.user';

function newJobId(): string {
  return crypto.randomUUID().replaceAll('-', '');
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
      const jobId = newJobId();
      const stopListening = bridge.on('video.progress', (event) => {
        if (event.jobId === jobId) onProgress?.(event.fraction);
      });
      const cancel = () => void bridge.invoke('video.cancel', { jobId });
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const prepared = await withReadableErrors(bridge.invoke('video.prepare', { jobId, fileId }));
        return { file: await toPicked(prepared.file), transformed: prepared.transformed };
      } catch (error) {
        // The Host contract: a stopped preparation rejects with an AbortError.
        if (signal?.aborted) throw new DOMException('Video preparation was cancelled', 'AbortError');
        throw error;
      } finally {
        stopListening();
        signal?.removeEventListener('abort', cancel);
      }
    },
    openExternal(url) {
      // Fire and forget, as a link click is; a refused scheme is logged rather than left unhandled.
      bridge.invoke('shell.openExternal', { url }).catch((error: unknown) => {
        console.warn(ipcErrorMessage(error));
      });
    },
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
