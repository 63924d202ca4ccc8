import type { Config } from './config/config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { AccessTokenService } from './services/access-token.service.ts';
import { createAuthModule } from './services/auth-module.ts';

/**
 * The composition root: every service the routes use, built once per server from its configuration and database.
 * Tests build the same context over a fresh database, so they exercise exactly what production runs.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokenService;
  /** Injected so that expiry rules can be tested without waiting. */
  now: () => Date;
  auth: ReturnType<typeof createAuthModule>['auth'];
  sessions: ReturnType<typeof createAuthModule>['sessions'];
  otp: ReturnType<typeof createAuthModule>['otp'];
  countries: ReturnType<typeof createAuthModule>['countries'];
  devOutbox: ReturnType<typeof createAuthModule>['devOutbox'];
}

export function createContext(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: string,
  now: () => Date = () => new Date(),
): AppContext {
  const tokens = new AccessTokenService(jwtSecret);
  return {
    config,
    database,
    db: database.db,
    tokens,
    now,
    ...createAuthModule({ db: database.db, config, tokens, secret: jwtSecret, now }),
  };
}
