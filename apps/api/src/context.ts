import type { Config } from './config/config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { AccessTokenService } from './services/access-token.service.ts';
import { createCarServices, type CarServices } from './services/car-services.ts';
import { createSocialServices, type SocialServices } from './services/social-services.ts';

/**
 * The composition root: every service the routes use, built once per server from its configuration and database.
 * Tests build the same context over a fresh database, so they exercise exactly what production runs.
 */
export interface AppContext extends CarServices, SocialServices {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokenService;
  /** Injected so that expiry rules can be tested without waiting. */
  now: () => Date;
}

export function createContext(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: string,
  now: () => Date = () => new Date(),
): AppContext {
  return {
    config,
    database,
    db: database.db,
    tokens: new AccessTokenService(jwtSecret),
    now,
    ...createCarServices(database.db, config, now),
    ...createSocialServices(database.db, config, now),
  };
}
