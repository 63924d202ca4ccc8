import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
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

/**
 * The VAPID key pair push messages are signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or outside production a
 * pair generated once and kept in the data folder (subscriptions are tied to the public key, so it must outlive a
 * restart). Production without both answers null: push stays off rather than every process signing with its own.
 */
export function resolveVapidKeys(config: Config): { publicKey: string; privateKey: string } | null {
  const { publicKey, privateKey } = config.webPush;
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
  if (config.production) return null;
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
