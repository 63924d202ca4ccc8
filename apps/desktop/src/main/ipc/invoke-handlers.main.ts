import type { AppInfo } from '../../shared/ipc-contract.ts';
import { dialogFiltersFor, type DialogFilter } from '../files/dialog-filters.main.ts';
import type { FileRegistry } from '../files/file-registry.main.ts';
import type { OsNotifications } from '../notify/os-notifications.main.ts';
import type { DraftsService } from '../settings/drafts.main.ts';
import type { PreferencesService } from '../settings/preferences.main.ts';
import type { MediaUploader } from '../upload/media-upload.main.ts';
import type { VideoJobs } from '../video/video-jobs.main.ts';
import type { VideoPreparer } from '../video/video-preparer.main.ts';
import type { AuthProxy } from '../vault/auth-proxy.main.ts';
import type { TokenVault } from '../vault/token-vault.main.ts';
import type { InvokeHandlers } from './ipc-router.main.ts';

/** Everything the handlers use; Electron's dialog and shell come in as plain functions. */
export interface ConsoleServices {
  info: () => AppInfo;
  vault: TokenVault;
  auth: AuthProxy;
  files: FileRegistry;
  /** Resolved on first use, so a machine without ffmpeg still starts and only video preparation says why. */
  videoPreparer: () => VideoPreparer;
  videoJobs: VideoJobs;
  uploader: MediaUploader;
  preferences: PreferencesService;
  drafts: DraftsService;
  showOpenDialog: (options: { filters: DialogFilter[]; multiple: boolean }) => Promise<string[]>;
  openExternal: (url: string) => Promise<void>;
  notifications: OsNotifications;
}

/** The stored key in an upload's answer, when it succeeded. */
function uploadedKey(answer: { status: number; body: unknown }): string | undefined {
  const data = (answer.body as { data?: { key?: unknown } } | undefined)?.data;
  return answer.status < 400 && typeof data?.key === 'string' ? data.key : undefined;
}

/** One handler per channel; requests arrive already validated by the router. */
export function createInvokeHandlers(services: ConsoleServices): InvokeHandlers {
  const { vault, files, videoJobs, preferences, drafts } = services;
  return {
    'app.info': () => services.info(),
    'vault.load': () => vault.forRenderer(),
    'vault.save': async (tokens) => {
      await vault.save(tokens);
      return undefined;
    },
    'vault.clear': async () => {
      await vault.clear();
      return undefined;
    },
    'auth.call': ({ endpoint, body }) => services.auth.call(endpoint, body),
    'files.pick': async ({ accept, multiple }) => {
      const paths = await services.showOpenDialog({
        filters: dialogFiltersFor(accept),
        multiple: multiple ?? false,
      });
      return Promise.all(paths.map((path) => files.add(path)));
    },
    'files.read': ({ id }) => files.read(id),
    'files.import': ({ name, type, bytes }) => files.import(name, type, bytes),
    'video.prepare': ({ jobId, fileId }, context) =>
      videoJobs.run(jobId, async (signal) => {
        const input = files.path(fileId);
        const prepared = await services.videoPreparer().prepare(input, {
          signal,
          onProgress: (fraction) => context.emit('video.progress', { jobId, fraction }),
        });
        const baseName = files.nameOf(fileId).replace(/\.[^.]*$/, '') || 'video';
        return {
          file: await files.add(prepared.output, { name: `${baseName}.mp4`, type: 'video/mp4', owned: true }),
          poster: await files.add(prepared.poster, {
            name: `${baseName}.jpg`,
            type: 'image/jpeg',
            owned: true,
          }),
          transformed: prepared.action !== 'checked',
          action: prepared.action,
          reasons: prepared.reasons,
        };
      }),
    'video.upload': ({ jobId, fileId, posterId, folder }, context) =>
      videoJobs.run(jobId, async (signal) => {
        // The poster first, so the video can name it. Without it the server takes its own, so a refused poster
        // does not stop the video.
        const poster = posterId
          ? uploadedKey(await services.uploader.upload(files.held(posterId), { folder }, { signal }))
          : undefined;
        return services.uploader.upload(files.held(fileId), poster ? { folder, poster } : { folder }, {
          signal,
          onProgress: (fraction) => context.emit('video.progress', { jobId, fraction }),
        });
      }),
    'video.cancel': ({ jobId }) => videoJobs.cancel(jobId),
    'shell.openExternal': async ({ url }) => {
      await services.openExternal(url);
      return undefined;
    },
    'prefs.get': () => preferences.get(),
    'prefs.set': (change) => preferences.set(change),
    'drafts.load': ({ key }) => drafts.load(key),
    'drafts.save': ({ key, draft }) => {
      drafts.save(key, draft);
      return undefined;
    },
    'drafts.delete': ({ key }) => {
      drafts.delete(key);
      return undefined;
    },
    'notify.show': (notification, context) => {
      services.notifications.show(notification, (link) => context.emit('notification.open', { link }));
      return undefined;
    },
    'notify.badge': ({ count }) => {
      services.notifications.setBadge(count);
      return undefined;
    },
  };
}
