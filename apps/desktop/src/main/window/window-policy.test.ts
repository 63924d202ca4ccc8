import { describe, expect, it } from 'vitest';
import { carIdFromDeepLink, deepLinkFromArgv } from './deep-link.main.ts';
import { routeAppRequest } from './app-protocol.main.ts';
import { isAllowedExternalUrl, isAppUrl } from './navigation-policy.main.ts';
import { secureWebPreferences } from './web-preferences.main.ts';

describe('autoreel:// deep links', () => {
  it.each([
    ['autoreel://cars/abc123', 'abc123'],
    ['autoreel://cars/abc123/', 'abc123'],
    ['autoreel://car/3f1c2b7e-1d2a-4c5b-9e8f-0a1b2c3d4e5f', '3f1c2b7e-1d2a-4c5b-9e8f-0a1b2c3d4e5f'],
    ['autoreel:cars/abc123', 'abc123'],
  ])('opens the car of %s', (link, id) => {
    expect(carIdFromDeepLink(link)).toBe(id);
  });

  it.each([
    'autoreel://cars/',
    'autoreel://cars/abc/edit',
    'autoreel://dealers/abc',
    'autoreel://cars/..%2F..%2Fetc',
    'autoreel://cars/%3Cscript%3E',
    'https://autoreel.example/cars/abc',
    'not a url',
  ])('ignores %s', (link) => {
    expect(carIdFromDeepLink(link)).toBeNull();
  });

  it('finds the link among the arguments Windows and Linux pass to a second instance', () => {
    expect(deepLinkFromArgv(['/opt/AutoReel/autoreel', '--flag', 'autoreel://cars/abc'])).toBe(
      'autoreel://cars/abc',
    );
    expect(deepLinkFromArgv(['/opt/AutoReel/autoreel'])).toBeNull();
  });
});

describe('navigation policy', () => {
  it('sends only web, mail and phone links to the system', () => {
    for (const url of ['https://wa.me/268', 'http://example.com', 'mailto:a@b.c', 'tel:+26876123456']) {
      expect(isAllowedExternalUrl(url)).toBe(true);
    }
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'ms-msdt:/id', '']) {
      expect(isAllowedExternalUrl(url)).toBe(false);
    }
  });

  it('treats only the app:// origin, or the dev server, as the app', () => {
    expect(isAppUrl('app://console/index.html', {})).toBe(true);
    expect(isAppUrl('app://console/cars/abc', {})).toBe(true);
    expect(isAppUrl('app://other/index.html', {})).toBe(false);
    expect(isAppUrl('file:///opt/AutoReel/resources/app.asar/out/renderer/index.html', {})).toBe(false);
    expect(isAppUrl('https://evil.example/', {})).toBe(false);
    const dev = { devServerUrl: 'http://localhost:5173' };
    expect(isAppUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('app://console/index.html', dev)).toBe(false);
  });
});

describe('app:// routes', () => {
  const options = {
    rendererDir: '/opt/autoreel/out/renderer',
    apiBaseUrl: 'https://api.autoreel.example/api',
  };

  it('serves renderer files, and index.html for the app routes', () => {
    expect(routeAppRequest('app://console/assets/index-abc.js', options)).toEqual({
      kind: 'file',
      path: '/opt/autoreel/out/renderer/assets/index-abc.js',
      type: 'text/javascript; charset=utf-8',
    });
    for (const path of ['/', '/index.html', '/browse', '/cars/abc123']) {
      expect(routeAppRequest(`app://console${path}`, options)).toMatchObject({
        kind: 'file',
        path: '/opt/autoreel/out/renderer/index.html',
      });
    }
  });

  it('forwards /api and /media to the configured API, query included', () => {
    expect(routeAppRequest('app://console/api/cars?limit=20&make=Toyota', options)).toEqual({
      kind: 'api',
      target: 'https://api.autoreel.example/api/cars?limit=20&make=Toyota',
    });
    expect(routeAppRequest('app://console/media/cars/abc/video.mp4', options)).toEqual({
      kind: 'api',
      target: 'https://api.autoreel.example/media/cars/abc/video.mp4',
    });
  });

  it('never leaves the renderer folder or answers another origin', () => {
    for (const url of [
      'app://console/..%2F..%2F..%2Fetc%2Fpasswd.txt',
      'app://console/%2e%2e/%2e%2e/secrets.json',
      'app://elsewhere/index.html',
      'not a url',
    ]) {
      const route = routeAppRequest(url, options);
      if (route.kind === 'file') expect(route.path.startsWith('/opt/autoreel/out/renderer/')).toBe(true);
      else expect(route.kind).toBe('not-found');
    }
  });
});

describe('window security settings', () => {
  it('isolate the page, sandbox it and keep Node out of it', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
  });
});
