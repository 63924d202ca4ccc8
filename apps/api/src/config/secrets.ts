import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

/**
 * The access-token secret. Production must set JWT_SECRET; elsewhere one is generated once and kept in the data
 * folder so that sessions survive a restart of the development server.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) {
    if (config.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return config.jwtSecret;
  }
  if (config.production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
