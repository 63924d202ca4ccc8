import { describe, expect, it } from 'vitest';
import { securityHeadersByProtocol, securityHeadersFor } from './security-headers.ts';

describe('securityHeadersFor', () => {
  it("gives helmet's headers for the options, with the policy's directives", () => {
    const headers = securityHeadersFor({
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers).not.toHaveProperty('x-powered-by');
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('leaves out what the options turn off', () => {
    const headers = securityHeadersFor({ contentSecurityPolicy: false, strictTransportSecurity: false });
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a directive that would smuggle in another, when the server starts rather than on a request', () => {
    expect(() =>
      securityHeadersFor({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'; script-src *"] } } }),
    ).toThrow();
  });
});

describe('securityHeadersByProtocol', () => {
  it('asks for https (HSTS, upgrade-insecure-requests) only on the https set', () => {
    const { http, https } = securityHeadersByProtocol({ cdnBaseUrl: undefined });
    expect(http['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(http).not.toHaveProperty('strict-transport-security');
    expect(http).not.toHaveProperty('cross-origin-opener-policy');
    expect(https['cross-origin-opener-policy']).toBe('same-origin');
    expect(https['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(https['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it("adds the CDN's origin to img-src and media-src only", () => {
    const { http } = securityHeadersByProtocol({ cdnBaseUrl: 'https://cdn.example.test/autoreel/media' });
    const policy = http['content-security-policy']!;
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.test;");
    expect(policy).toContain("media-src 'self' blob: https://cdn.example.test;");
    expect(policy).toContain("script-src 'self';");
  });
});
