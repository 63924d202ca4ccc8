import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { createOtpSender } from '../src/otp/create-otp-sender.ts';
import { OtpRepository } from '../src/accounts/otp.repository.ts';
import { nextIp, post } from './auth-helpers.ts';
import { createTestServer, nextTestPhone, type TestServer } from './harness.ts';
import {
  startWhatsAppStandIn,
  type WhatsAppRequest,
  type WhatsAppStandIn,
} from './support/whatsapp-stand-in.ts';

/** Stands in for graph.facebook.com on 127.0.0.1 and records what it was sent. */
let graph: WhatsAppStandIn;
let received: WhatsAppRequest[];
let server: TestServer;

beforeAll(async () => {
  graph = await startWhatsAppStandIn({ message: 'Template name does not exist', code: 132001 });
  received = graph.received;
  server = await createTestServer({
    config: {
      production: true,
      otpProvider: 'whatsapp',
      whatsapp: graph.settings,
    },
  });
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

describe('production OTP delivery', () => {
  it('has no development outbox', async () => {
    const res = await server.call({ method: 'GET', url: '/api/dev/outbox?phone=+26876000001' });
    expect(res.statusCode).toBe(404);
  });

  it('sends the code through the WhatsApp authentication template', async () => {
    const phone = nextTestPhone();
    received.length = 0;
    const res = await post(
      server,
      '/api/auth/signup',
      { name: 'Nomsa', phone, password: 'whatsapp-pass-1' },
      nextIp(),
    );
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v23.0/1234567890/messages');
    expect(request?.authorization).toBe('Bearer test-graph-token');
    const code = request?.body.template.components[0].parameters[0].text;
    expect(code).toMatch(/^\d{6}$/);
    expect(request?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: phone.slice(1),
      type: 'template',
      template: {
        name: 'autoreel_code',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    });
    // The delivered code verifies the account.
    const verify = await post(server, '/api/auth/verify-signup', { phone, otp: code }, nextIp());
    expect(verify.statusCode).toBe(200);
  });

  it("answers 502 'Failed to send OTP' when WhatsApp refuses the message", async () => {
    graph.status = 400;
    try {
      const res = await post(
        server,
        '/api/auth/signup',
        { name: 'Nomsa', phone: nextTestPhone(), password: 'whatsapp-pass-1' },
        nextIp(),
      );
      expect(res.statusCode).toBe(502);
      expect(res.data.error).toBe('Failed to send OTP');
    } finally {
      graph.status = 200;
    }
  });
});

describe('OTP provider configuration', () => {
  it('defaults to dev outside production and to WhatsApp in production', () => {
    expect(loadConfig({}).otpProvider).toBe('dev');
    expect(loadConfig({ NODE_ENV: 'production' }).otpProvider).toBe('whatsapp');
    expect(
      loadConfig({ OTP_PROVIDER: 'whatsapp', WHATSAPP_API_BASE_URL: 'http://x/v1/' }).whatsapp.apiBaseUrl,
    ).toBe('http://x/v1');
  });

  it('refuses the dev outbox in production and unknown providers', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', OTP_PROVIDER: 'dev' })).toThrow(/not allowed/);
    expect(() => loadConfig({ OTP_PROVIDER: 'sms' })).toThrow(/OTP_PROVIDER/);
  });

  it('refuses to start WhatsApp delivery without credentials', () => {
    const config = { ...loadConfig({}), otpProvider: 'whatsapp' as const };
    expect(() => createOtpSender(config, new OtpRepository(server.ctx.db), () => new Date())).toThrow(
      /WHATSAPP_TOKEN/,
    );
  });
});
