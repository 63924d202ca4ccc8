import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { resolveFfmpegBinaries } from '@autoreel/video';
import type { AppInfo } from '../../shared/ipc-contract.ts';
import { FileRegistry } from '../files/file-registry.main.ts';
import { DraftsService } from '../settings/drafts.main.ts';
import { PreferencesService } from '../settings/preferences.main.ts';
import { VideoJobs } from '../video/video-jobs.main.ts';
import { VideoPreparer } from '../video/video-preparer.main.ts';
import { MediaUploader } from '../upload/media-upload.main.ts';
import { AuthProxy } from '../vault/auth-proxy.main.ts';
import { MemorySecretStore } from '../vault/secret-store.main.ts';
import { TokenVault } from '../vault/token-vault.main.ts';
import { OsNotifications, type NotificationLike } from '../notify/os-notifications.main.ts';
import { createInvokeHandlers, type ConsoleServices } from './invoke-handlers.main.ts';

/**
 * The console's real services in a temporary folder, as main wires them, with the two Electron dialogs replaced
 * by what a user would answer: a fixed list of picked paths, and a record of links opened.
 */
export function consoleServices(options: { apiBaseUrl?: string; picked?: string[] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'autoreel-console-'));
  const store = new Conf<Record<string, unknown>>({ cwd: dir, projectName: 'autoreel-test' });
  const preferences = new PreferencesService(store, {
    AUTOREEL_API_URL: options.apiBaseUrl ?? 'http://127.0.0.1:9/api',
  });
  const vault = new TokenVault(new MemorySecretStore());
  const files = new FileRegistry(join(dir, 'work'));
  const opened: string[] = [];
  /** What the OS was asked to show, each with its click, as Electron's Notification would answer it. */
  const osNotifications: { title: string; body: string; shown: boolean; click(): void }[] = [];
  const os = { badge: -1, focused: 0 };
  const apiBaseUrl = () => preferences.get().apiBaseUrl;
  const auth = new AuthProxy({ vault, apiBaseUrl });
  const services: ConsoleServices = {
    info: (): AppInfo => ({
      platform: process.platform,
      version: '0.0.0-test',
      vault: vault.kind,
      vaultProblem: null,
      apiBaseUrl: preferences.get().apiBaseUrl,
      mediaBase: new URL(preferences.get().apiBaseUrl).origin,
    }),
    vault,
    auth,
    files,
    videoPreparer: () =>
      new VideoPreparer({
        binaries: resolveFfmpegBinaries(),
        scratchPath: (extension) => files.scratchPath(extension),
      }),
    videoJobs: new VideoJobs(),
    uploader: new MediaUploader({ vault, auth, apiBaseUrl }),
    preferences,
    drafts: new DraftsService(store),
    showOpenDialog: () => Promise.resolve(options.picked ?? []),
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    notifications: new OsNotifications({
      supported: () => true,
      create: ({ title, body }): NotificationLike => {
        const listeners = new Map<string, () => void>();
        const record = { title, body, shown: false, click: () => listeners.get('click')?.() };
        osNotifications.push(record);
        return {
          on: (event, listener) => listeners.set(event, listener),
          show: () => {
            record.shown = true;
          },
        };
      },
      setBadgeCount: (count) => {
        os.badge = count;
        return true;
      },
      focusWindow: () => {
        os.focused += 1;
      },
    }),
  };
  return {
    dir,
    store,
    services,
    handlers: createInvokeHandlers(services),
    opened,
    osNotifications,
    os,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
