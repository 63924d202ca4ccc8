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
  /** Where media is stored: local disk under dataDir/media (default) or an S3-compatible bucket. */
  mediaStorage: 'local' | 's3';
  s3: {
    endpoint: string | undefined;
    bucket: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
  };
  /** Seed the demo catalogue on first start with an empty database (never in production). */
  seedDemo: boolean;
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
    mediaStorage: env['MEDIA_STORAGE'] === 's3' ? 's3' : 'local',
    s3: {
      endpoint: env['S3_ENDPOINT'] || undefined,
      bucket: env['S3_BUCKET'] || undefined,
      region: env['S3_REGION'] || 'us-east-1',
      accessKeyId: env['S3_ACCESS_KEY_ID'] || undefined,
      secretAccessKey: env['S3_SECRET_ACCESS_KEY'] || undefined,
    },
    seedDemo: !production && env['AUTOREEL_SEED_DEMO'] !== '0',
  };
}
