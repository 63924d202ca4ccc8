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
  /** This server's public origin (PUBLIC_URL), so media URLs in answers are absolute for every client. */
  publicUrl: string;
  /** Where submitted feedback is forwarded (SPEC 7 'Feedback and sharing'); unset keeps it stored only. */
  feedbackWebhookUrl: string | undefined;
  /** First retry delay of feedback delivery; doubles per failure up to an hour. Tests make it tiny. */
  feedbackRetryBaseMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env['NODE_ENV'] === 'production';
  const port = Number(env['PORT'] ?? 8080);
  return {
    port,
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
    publicUrl: (env['PUBLIC_URL'] || `http://localhost:${port}`).replace(/\/+$/, ''),
    feedbackWebhookUrl: env['FEEDBACK_WEBHOOK_URL'] || undefined,
    feedbackRetryBaseMs: Number(env['FEEDBACK_RETRY_BASE_MS'] ?? 1000),
  };
}
