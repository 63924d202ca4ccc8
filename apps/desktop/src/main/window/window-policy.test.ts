import { describe, expect, it, vi } from 'vitest';
import { carIdFromDeepLink, deepLinkFromArgv } from './deep-link.main.ts';
import { routeAppRequest } from './app-protocol.main.ts';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.main.ts';
import {
  isAllowedExternalUrl,
  isAppUrl,
  willNavigateHandler,
  windowOpenHandler,
} from './navigation-policy.main.ts';
import { isAllowedPermission, secureWebPreferences } from './web-preferences.main.ts';

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

describe('production Content-Security-Policy', () => {
  it('reaches the network only through its own origin, and frames, plugins and form posts nowhere', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    // Pictures and videos also come from the media CDN, whatever its address.
    expect(directives.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:']));
    expect(directives.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'https:']));
  });

  it('runs no script from elsewhere and no inline or evaluated script', () => {
    const script = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'));
    expect(script).toBe("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|wasm-unsafe-eval|\*/);
  });
});

describe('window and navigation handlers', () => {
  const setup = () => {
    const openExternal = vi.fn((_url: string) => Promise.resolve());
    const isOwnPage = (url: string) => isAppUrl(url, {});
    return { openExternal, policy: { isOwnPage, openExternal } };
  };
  const navigate = (handler: ReturnType<typeof willNavigateHandler>, url: string) => {
    const event = { preventDefault: vi.fn() };
    handler(event, url);
    return event.preventDefault.mock.calls.length > 0;
  };

  it('never opens a new window; web, mail and phone links go to the system instead', () => {
    const { openExternal, policy } = setup();
    const open = windowOpenHandler(policy);
    for (const url of ['https://wa.me/26876123456', 'http://dealer.example/', 'mailto:a@b.c', 'tel:+2681']) {
      expect(open({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://wa.me/26876123456',
      'http://dealer.example/',
      'mailto:a@b.c',
      'tel:+2681',
    ]);
  });

  it('opens nothing for other schemes, nor for the app itself in a second window', () => {
    const { openExternal, policy } = setup();
    const open = windowOpenHandler(policy);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://console/x',
      '',
    ]) {
      expect(open({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('lets a window move between the app’s own pages', () => {
    const { openExternal, policy } = setup();
    const handler = willNavigateHandler(policy);
    expect(navigate(handler, 'app://console/index.html')).toBe(false);
    expect(navigate(handler, 'app://console/cars/abc123')).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses navigation away from the app, handing web links to the system browser', () => {
    const { openExternal, policy } = setup();
    const handler = willNavigateHandler(policy);
    expect(navigate(handler, 'https://evil.example/login')).toBe(true);
    expect(navigate(handler, 'app://other/index.html')).toBe(true);
    expect(navigate(handler, 'file:///opt/AutoReel/resources/app.asar/out/renderer/index.html')).toBe(true);
    expect(navigate(handler, 'javascript:alert(1)')).toBe(true);
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual(['https://evil.example/login']);
  });

  it('in development treats only the dev server as the app', () => {
    const openExternal = vi.fn((_url: string) => Promise.resolve());
    const handler = willNavigateHandler({
      isOwnPage: (url) => isAppUrl(url, { devServerUrl: 'http://localhost:5173' }),
      openExternal,
    });
    expect(navigate(handler, 'http://localhost:5173/cars/abc')).toBe(false);
    expect(navigate(handler, 'http://localhost:8080/api/cars')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('http://localhost:8080/api/cars');
  });

  it('does not let a refused system handoff escape as an unhandled rejection', async () => {
    const openExternal = vi.fn((_url: string) => Promise.reject(new Error('no browser')));
    windowOpenHandler({ isOwnPage: () => false, openExternal })({ url: 'https://example.com' });
    willNavigateHandler({ isOwnPage: () => false, openExternal })(
      { preventDefault() {} },
      'https://example.com',
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(openExternal).toHaveBeenCalledTimes(2);
  });
});

describe('permission requests', () => {
  it('grants only writing to the clipboard', () => {
    expect(isAllowedPermission('clipboard-sanitized-write')).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(isAllowedPermission(permission)).toBe(false);
    }
  });
});
