import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
  type WebContents,
} from 'electron';
import Store from 'electron-store';
import { resolveFfmpegBinaries } from '@autoreel/video';
import type { AppInfo, EventChannel, EventMap } from '../shared/ipc-contract.ts';
import { FileRegistry } from './files/file-registry.main.ts';
import { createInvokeHandlers } from './ipc/invoke-handlers.main.ts';
import { OsNotifications } from './notify/os-notifications.main.ts';
import { registerInvokeHandlers } from './ipc/ipc-router.main.ts';
import { requestSchemas } from './ipc/ipc-schemas.main.ts';
import { DraftsService } from './settings/drafts.main.ts';
import { PreferencesService } from './settings/preferences.main.ts';
import { loadWindowState, saveWindowState } from './settings/window-state.main.ts';
import { MediaUploader } from './upload/media-upload.main.ts';
import { AuthProxy } from './vault/auth-proxy.main.ts';
import { openSecretStore } from './vault/secret-store.main.ts';
import { TokenVault } from './vault/token-vault.main.ts';
import { VideoJobs } from './video/video-jobs.main.ts';
import { VideoPreparer } from './video/video-preparer.main.ts';
import { APP_ORIGIN, APP_SCHEME, routeAppRequest } from './window/app-protocol.main.ts';
import { CONTENT_SECURITY_POLICY } from './window/content-security-policy.main.ts';
import { carIdFromDeepLink, DEEP_LINK_SCHEME, deepLinkFromArgv } from './window/deep-link.main.ts';
import { isAppUrl, willNavigateHandler, windowOpenHandler } from './window/navigation-policy.main.ts';
import { isAllowedPermission, secureWebPreferences } from './window/web-preferences.main.ts';

const rendererDir = join(import.meta.dirname, '../renderer');
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const isOwnPage = (url: string) => isAppUrl(url, { devServerUrl });

// app:// must be registered before the app is ready; 'standard' and 'secure' give its pages an origin and the
// same rights as https pages (fetch, storage, clipboard).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

// One dealer console per machine: a second launch hands its deep link to the first and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function registerDeepLinkScheme(): void {
  // In development Electron runs the app as an argument of its own binary; the OS must launch it that way too.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
}

function send<E extends EventChannel>(contents: WebContents, channel: E, payload: EventMap[E]): void {
  if (!contents.isDestroyed()) contents.send(channel, payload);
}

/** Every window and webview gets the same rules: no navigation away from the app, links to the browser. */
function lockDownContents(contents: WebContents): void {
  const policy = { isOwnPage, openExternal: (url: string) => shell.openExternal(url) };
  contents.setWindowOpenHandler(windowOpenHandler(policy));
  contents.on('will-navigate', willNavigateHandler(policy));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function start(): void {
  registerDeepLinkScheme();
  let mainWindow: BrowserWindow | null = null;
  let pendingCarId: string | null = null;

  const openDeepLink = (link: string | null) => {
    const carId = link ? carIdFromDeepLink(link) : null;
    if (!carId) return;
    if (mainWindow && !mainWindow.webContents.isLoading())
      send(mainWindow.webContents, 'deepLink.car', { carId });
    else pendingCarId = carId;
  };
  openDeepLink(deepLinkFromArgv(process.argv));

  // macOS delivers links as an event, also before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openDeepLink(url);
  });
  app.on('second-instance', (_event, argv) => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
    openDeepLink(deepLinkFromArgv(argv));
  });
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(isAllowedPermission(permission)),
    );

    const store = new Store({ name: 'settings', clearInvalidConfig: true });
    const preferences = new PreferencesService(store);
    const drafts = new DraftsService(store);
    const opened = await openSecretStore();
    const vault = new TokenVault(opened.store);
    const files = new FileRegistry(join(app.getPath('temp'), `autoreel-console-${process.pid}`));
    const videoJobs = new VideoJobs();
    let preparer: VideoPreparer | null = null;

    // The packaged page calls its own origin, which main forwards; the dev server's page calls the API directly
    // (start the API with CORS_ORIGINS=<dev server origin>).
    const info = (): AppInfo => {
      const { apiBaseUrl } = preferences.get();
      return {
        platform: process.platform,
        version: app.getVersion(),
        vault: vault.kind,
        vaultProblem: opened.problem,
        apiBaseUrl: devServerUrl ? apiBaseUrl : `${APP_ORIGIN}/api`,
        mediaBase: devServerUrl ? new URL(apiBaseUrl).origin : APP_ORIGIN,
      };
    };

    protocol.handle(APP_SCHEME, async (request) => {
      const route = routeAppRequest(request.url, { rendererDir, apiBaseUrl: preferences.get().apiBaseUrl });
      switch (route.kind) {
        case 'not-found':
          return new Response('Not found', { status: 404 });
        case 'file': {
          const file = await net.fetch(pathToFileURL(route.path).href).catch(() => null);
          if (!file?.ok) return new Response('Not found', { status: 404 });
          return new Response(file.body, {
            headers: { 'content-type': route.type, 'content-security-policy': CONTENT_SECURITY_POLICY },
          });
        }
        case 'api':
          try {
            return await net.fetch(route.target, {
              method: request.method,
              headers: request.headers,
              body: request.body,
              // Uploads stream through rather than being buffered whole in main.
              duplex: 'half',
              bypassCustomProtocolHandlers: true,
            } as RequestInit);
          } catch {
            // What fetch reports offline, so the API client shows its network message.
            return Response.error();
          }
      }
    });

    const apiBaseUrl = () => preferences.get().apiBaseUrl;
    const auth = new AuthProxy({ vault, apiBaseUrl });
    registerInvokeHandlers(
      ipcMain,
      createInvokeHandlers({
        info,
        vault,
        auth,
        files,
        videoPreparer: () =>
          (preparer ??= new VideoPreparer({
            // A packaged console looks in resources/ffmpeg, where electron-builder puts the staged binaries.
            binaries: resolveFfmpegBinaries(process.env, {
              shippedDir: app.isPackaged ? join(process.resourcesPath, 'ffmpeg') : undefined,
            }),
            scratchPath: (extension) => files.scratchPath(extension),
          })),
        videoJobs,
        uploader: new MediaUploader({ vault, auth, apiBaseUrl }),
        preferences,
        drafts,
        showOpenDialog: async ({ filters, multiple }) => {
          const options = {
            filters,
            properties: multiple ? (['openFile', 'multiSelections'] as const) : (['openFile'] as const),
          };
          const result = mainWindow
            ? await dialog.showOpenDialog(mainWindow, { ...options, properties: [...options.properties] })
            : await dialog.showOpenDialog({ ...options, properties: [...options.properties] });
          return result.canceled ? [] : result.filePaths;
        },
        openExternal: (url) => shell.openExternal(url),
        notifications: new OsNotifications({
          supported: () => Notification.isSupported(),
          create: (options) => new Notification(options),
          setBadgeCount: (count) => app.setBadgeCount(count),
          focusWindow: () => {
            if (!mainWindow) return;
            if (mainWindow.isMinimized()) mainWindow.restore();
            mainWindow.show();
            mainWindow.focus();
          },
        }),
      }),
      requestSchemas,
      isOwnPage,
    );

    const createMainWindow = () => {
      const state = loadWindowState(
        store,
        screen.getAllDisplays().map((d) => d.workArea),
      );
      const window = new BrowserWindow({
        ...state,
        minWidth: 800,
        minHeight: 600,
        show: false,
        title: 'AutoReel Dealer Console',
        webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
      });
      if (state.maximized) window.maximize();
      window.once('ready-to-show', () => window.show());
      window.webContents.on('did-finish-load', () => {
        if (pendingCarId) send(window.webContents, 'deepLink.car', { carId: pendingCarId });
        pendingCarId = null;
      });
      window.on('close', () => {
        saveWindowState(store, { ...window.getNormalBounds(), maximized: window.isMaximized() });
      });
      window.on('closed', () => {
        if (mainWindow === window) mainWindow = null;
      });
      if (devServerUrl) void window.loadURL(devServerUrl);
      else void window.loadURL(`${APP_ORIGIN}/index.html`);
      mainWindow = window;
      return window;
    };

    createMainWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
    });
    app.on('will-quit', () => {
      videoJobs.cancelAll();
      void files.releaseAll();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
