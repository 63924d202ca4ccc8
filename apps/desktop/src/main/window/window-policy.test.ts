import { describe, expect, it } from 'vitest';
import { carIdFromDeepLink, deepLinkFromArgv } from './deep-link.main.ts';
import { isAllowedExternalUrl, isAppUrl } from './navigation-policy.main.ts';

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

  it('treats only the packaged renderer folder, or the dev server, as the app', () => {
    const app = { rendererDir: '/opt/AutoReel/resources/app.asar/out/renderer' };
    expect(isAppUrl('file:///opt/AutoReel/resources/app.asar/out/renderer/index.html', app)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false);
    expect(isAppUrl('https://evil.example/', app)).toBe(false);
    const dev = { ...app, devServerUrl: 'http://localhost:5173' };
    expect(isAppUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(
      isAppUrl('C:\\Program Files\\AutoReel\\resources\\app.asar\\out\\renderer\\index.html', {
        rendererDir: 'C:\\Program Files\\AutoReel\\resources\\app.asar\\out\\renderer',
      }),
    ).toBe(false);
  });
});
