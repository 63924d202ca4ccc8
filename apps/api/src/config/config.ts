import { resolve } from 'node:path';

/** Everything the server reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Built storefront served at /; absent in tests that only exercise the API. */
  storefrontDir: string | undefined;
  corsOrigins: string[];
  logLevel: string;
  /** HS256 secret for access tokens; required in production, generated and kept in dataDir otherwise. */
  jwtSecret: string | undefined;
  /** Prefix for media URLs that are not absolute (a CDN in front of /media); defaults to this server's /media. */
  cdnBaseUrl: string | undefined;
  /** Where one-time codes go: the development outbox, or WhatsApp's Cloud API (the default in production). */
  otpProvider: 'dev' | 'whatsapp';
  whatsapp: {
    token: string | undefined;
    phoneNumberId: string | undefined;
    /** An approved template of the 'authentication' category with a copy-code button. */
    templateName: string;
    templateLanguage: string;
    /** Graph API base, versioned; tests point it at a local server. */
    apiBaseUrl: string;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env['NODE_ENV'] === 'production';
  return {
    port: Number(env['PORT'] ?? 8080),
    host: env['HOST'] ?? '0.0.0.0',
    production,
    dataDir: resolve(env['AUTOREEL_DATA_DIR'] ?? '.data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    storefrontDir: env['STOREFRONT_DIR'] ?? resolve(import.meta.dirname, '../../../storefront/dist'),
    corsOrigins: (env['CORS_ORIGINS'] ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: env['LOG_LEVEL'] ?? (production ? 'info' : 'warn'),
    jwtSecret: env['JWT_SECRET'] || undefined,
    cdnBaseUrl: env['CDN_BASE_URL'] || undefined,
    otpProvider: readOtpProvider(env['OTP_PROVIDER'], production),
    whatsapp: {
      token: env['WHATSAPP_TOKEN'] || undefined,
      phoneNumberId: env['WHATSAPP_PHONE_NUMBER_ID'] || undefined,
      templateName: env['WHATSAPP_TEMPLATE_NAME'] || 'autoreel_verification',
      templateLanguage: env['WHATSAPP_TEMPLATE_LANGUAGE'] || 'en_US',
      apiBaseUrl: (env['WHATSAPP_API_BASE_URL'] || 'https://graph.facebook.com/v23.0').replace(/\/+$/, ''),
    },
  };
}

function readOtpProvider(value: string | undefined, production: boolean): Config['otpProvider'] {
  const provider = value?.trim() || (production ? 'whatsapp' : 'dev');
  if (provider !== 'dev' && provider !== 'whatsapp') {
    throw new Error(`OTP_PROVIDER must be 'dev' or 'whatsapp', not '${provider}'`);
  }
  // The dev outbox keeps codes readable over HTTP; a production server must never do that.
  if (production && provider === 'dev')
    throw new Error('OTP_PROVIDER=dev is not allowed when NODE_ENV=production');
  return provider;
}
