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
  /** AUTOREEL_DEMO_CACHE_DIR: where the demo's rendered videos are kept; unset: a folder in dataDir. */
  demoCacheDir: string | undefined;
  /**
   * TRUST_PROXY: addresses of reverse proxies whose X-Forwarded-For is believed (comma-separated, or 'true' behind a
   * single trusted hop). Off by default, because a client could otherwise fake its IP and dodge per-IP rate limits.
   */
  trustProxy: boolean | string[];
  /**
   * This server's public origin (PUBLIC_URL), for links that leave the site. Unset by default: media URLs are
   * same-origin paths, so the site works at any address it is reached at.
   */
  publicUrl: string | undefined;
  /**
   * SERVED_OVER_HTTPS=1 (or a PUBLIC_URL on https): every page is https, so answers carry HSTS and
   * upgrade-insecure-requests. Otherwise only requests a trusted proxy marks as https get them.
   */
  servedOverHttps: boolean;
  /**
   * An OpenAI-compatible chat completions service (AI_BASE_URL, AI_API_KEY, AI_MODEL). Used only when all three
   * are set; otherwise, and whenever it fails, the local engine answers.
   */
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  /** Where one-time codes go: the development outbox, or WhatsApp's Cloud API (the default in production). */
  otpProvider: 'dev' | 'whatsapp';
  whatsapp: {
    token: string | undefined;
    phoneNumberId: string | undefined;
    /** An approved template of the 'authentication' category with a copy-code button. */
    templateName: string;
    /** An approved 'utility' template without parameters: someone tried to sign up with this registered number. */
    signupAttemptTemplateName: string;
    /** An approved 'utility' template: 'New message from {{1}} about your {{2}} {{3}} {{4}}'. */
    newMessageTemplateName: string;
    templateLanguage: string;
    /** Graph API base, versioned; tests point it at a local server. */
    apiBaseUrl: string;
  };
  /** Where submitted feedback is forwarded (SPEC 7 'Feedback and sharing'); unset keeps it stored only. */
  feedbackWebhookUrl: string | undefined;
  /**
   * The request header the deployment's edge writes the visitor's country into (CF-IPCountry, ...), lower case;
   * unset trusts no such header (a client could send any), and the buyer's country is their choice or Eswatini.
   */
  geoCountryHeader: string | undefined;
  /** First retry delay of feedback delivery; doubles per failure up to an hour. Tests make it tiny. */
  feedbackRetryBaseMs: number;
  /**
   * Days the catalogue's change log keeps an entry (CAR_CHANGES_RETENTION_DAYS, default 30); a scheduled job deletes
   * older ones. A car's price points stay as long as the car.
   */
  carChangesRetentionDays: number;
  /** Per-person limits on likes, comments, messages and the like; AUTOREEL_WRITE_LIMITS=off only for load benchmarks. */
  writeLimits: boolean;
  /**
   * How searches and recommendations rank: 'rich' (default) weighs each car's market, mileage, age, media and reply
   * time beside the ask; AUTOREEL_SEARCH_RANKING=plain ranks by the ask alone, only for the benchmark's comparison.
   */
  searchRanking: 'rich' | 'plain';
  /** Redis for the rate limits' counters (shared by every process); unset keeps them in the database. */
  redisUrl: string | undefined;
  /** Per-account quotas (see docs/SECURITY.md); dealers get more, since they list and film a whole lot. */
  quotas: Quotas;
  /**
   * JOB_HEARTBEAT_SECONDS (at least 10, default 30): on a Postgres server, how long a job whose process died waits
   * before another process takes it over.
   */
  jobHeartbeatSeconds: number;
  /** NOTIFICATION_RETRY_BASE_MS: a failed channel delivery's first retry wait; doubles per failure up to an hour. */
  notificationRetryBaseMs: number;
  /**
   * NOTIFICATION_CLAIM_SECONDS: how long a delivery handed to a channel stays its process's; past it (the process
   * died mid-delivery) another process delivers it again.
   */
  notificationClaimSeconds: number;
  /**
   * Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_ENDPOINT_HOSTS). Without keys outside
   * production a pair is generated once and kept in dataDir; in production push is off until both are set.
   */
  /**
   * DRAIN_DELAY_MS: after SIGTERM, how long the process keeps answering with GET /api/ready at 503 before it closes
   * its listener, so the proxy's readiness check takes it out first (default 5000 in production, 0 otherwise).
   */
  drainDelayMs: number;
  /** METRICS_PORT: Prometheus metrics served on this port's /metrics (off when unset). */
  metricsPort: number | undefined;
  /** METRICS_HOST: the address the metrics port listens on (default 127.0.0.1: the scraper is on the private network). */
  metricsHost: string;
  /** MIGRATE_ON_START=0: the process expects the schema migrated already (`npm run migrate`, a deploy step). */
  migrateOnStart: boolean;
  /** RUN_JOBS=0: this process takes no background jobs (a separate `npm run worker` does); it still queues them. */
  runJobs: boolean;
  webPush: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    /** A mailto: or https: address the push services can reach the sender at. */
    subject: string;
    /** Hosts a subscription's endpoint may name; one starting with a dot names its subdomains. */
    endpointHosts: string[];
  };
}

/** The browsers' push services: Chrome and Edge (FCM), Firefox (Mozilla), Safari (Apple), Windows (WNS). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
];

export interface Quotas {
  /** Bytes of uploads (car media, conversation attachments) an account may keep stored at once. */
  storageBytes: { customer: number; dealer: number };
  /** Listings an account may create per UTC day. */
  listingsPerDay: { customer: number; dealer: number };
}

const MB = 1024 * 1024;

function readQuotas(env: NodeJS.ProcessEnv): Quotas {
  const positive = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${name} must be a positive number, not '${raw}'`);
    return value;
  };
  return {
    storageBytes: {
      customer: Math.round(positive('STORAGE_QUOTA_MB', 1024) * MB),
      dealer: Math.round(positive('DEALER_STORAGE_QUOTA_MB', 20 * 1024) * MB),
    },
    listingsPerDay: {
      customer: Math.floor(positive('LISTINGS_PER_DAY', 10)),
      dealer: Math.floor(positive('DEALER_LISTINGS_PER_DAY', 200)),
    },
  };
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
    mediaStorage: env['MEDIA_STORAGE'] === 's3' ? 's3' : 'local',
    s3: {
      endpoint: env['S3_ENDPOINT'] || undefined,
      bucket: env['S3_BUCKET'] || undefined,
      region: env['S3_REGION'] || 'us-east-1',
      accessKeyId: env['S3_ACCESS_KEY_ID'] || undefined,
      secretAccessKey: env['S3_SECRET_ACCESS_KEY'] || undefined,
    },
    seedDemo: !production && env['AUTOREEL_SEED_DEMO'] !== '0',
    demoCacheDir: env['AUTOREEL_DEMO_CACHE_DIR'] ? resolve(env['AUTOREEL_DEMO_CACHE_DIR']) : undefined,
    otpProvider: readOtpProvider(env['OTP_PROVIDER'], production),
    whatsapp: {
      token: env['WHATSAPP_TOKEN'] || undefined,
      phoneNumberId: env['WHATSAPP_PHONE_NUMBER_ID'] || undefined,
      templateName: env['WHATSAPP_TEMPLATE_NAME'] || 'autoreel_verification',
      signupAttemptTemplateName: env['WHATSAPP_SIGNUP_ATTEMPT_TEMPLATE'] || 'autoreel_signup_attempt',
      newMessageTemplateName: env['WHATSAPP_NEW_MESSAGE_TEMPLATE'] || 'autoreel_new_message',
      templateLanguage: env['WHATSAPP_TEMPLATE_LANGUAGE'] || 'en_US',
      apiBaseUrl: (env['WHATSAPP_API_BASE_URL'] || 'https://graph.facebook.com/v23.0').replace(/\/+$/, ''),
    },
    trustProxy: readTrustProxy(env['TRUST_PROXY']),
    ai: aiConfig(env),
    publicUrl: env['PUBLIC_URL']?.trim().replace(/\/+$/, '') || undefined,
    servedOverHttps: env['SERVED_OVER_HTTPS'] === '1' || /^https:/i.test(env['PUBLIC_URL']?.trim() ?? ''),
    feedbackWebhookUrl: env['FEEDBACK_WEBHOOK_URL'] || undefined,
    geoCountryHeader: env['GEO_COUNTRY_HEADER']?.trim().toLowerCase() || undefined,
    feedbackRetryBaseMs: Number(env['FEEDBACK_RETRY_BASE_MS'] ?? 1000),
    carChangesRetentionDays: Math.max(1, Number(env['CAR_CHANGES_RETENTION_DAYS'] ?? 30) || 30),
    writeLimits: env['AUTOREEL_WRITE_LIMITS'] !== 'off',
    searchRanking: env['AUTOREEL_SEARCH_RANKING'] === 'plain' ? 'plain' : 'rich',
    redisUrl: env['REDIS_URL'] || undefined,
    quotas: readQuotas(env),
    jobHeartbeatSeconds: readJobHeartbeat(env['JOB_HEARTBEAT_SECONDS']),
    notificationRetryBaseMs: Number(env['NOTIFICATION_RETRY_BASE_MS'] ?? 5000),
    notificationClaimSeconds: Number(env['NOTIFICATION_CLAIM_SECONDS'] ?? 120),
    drainDelayMs: readMilliseconds('DRAIN_DELAY_MS', env['DRAIN_DELAY_MS'], production ? 5000 : 0),
    metricsPort: env['METRICS_PORT']?.trim() ? Number(env['METRICS_PORT']) : undefined,
    metricsHost: env['METRICS_HOST']?.trim() || '127.0.0.1',
    runJobs: env['RUN_JOBS'] !== '0',
    migrateOnStart: env['MIGRATE_ON_START'] !== '0',
    webPush: {
      publicKey: env['VAPID_PUBLIC_KEY']?.trim() || undefined,
      privateKey: env['VAPID_PRIVATE_KEY']?.trim() || undefined,
      subject: env['VAPID_SUBJECT']?.trim() || 'mailto:notifications@autoreel.invalid',
      endpointHosts: env['PUSH_ENDPOINT_HOSTS']?.trim()
        ? env['PUSH_ENDPOINT_HOSTS']
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean)
        : DEFAULT_PUSH_ENDPOINT_HOSTS,
    },
  };
}

function readMilliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`${name} must be a whole number of milliseconds, not '${value}'`);
  return ms;
}

function readJobHeartbeat(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 30;
  const seconds = Number(value);
  // pg-boss refuses heartbeats shorter than 10 seconds.
  if (!Number.isInteger(seconds) || seconds < 10)
    throw new Error(`JOB_HEARTBEAT_SECONDS must be a whole number of at least 10, not '${value}'`);
  return seconds;
}

function aiConfig(env: NodeJS.ProcessEnv): Config['ai'] {
  const baseUrl = env['AI_BASE_URL']?.trim().replace(/\/+$/, '');
  const apiKey = env['AI_API_KEY']?.trim();
  const model = env['AI_MODEL']?.trim();
  if (!baseUrl || !apiKey || !model) return undefined;
  const timeoutMs = Number(env['AI_TIMEOUT_MS'] ?? 15_000);
  return {
    baseUrl,
    apiKey,
    model,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 15_000,
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

function readTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}
