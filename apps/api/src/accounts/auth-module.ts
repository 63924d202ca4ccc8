import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { createOtpSender } from '../otp/create-otp-sender.ts';
import { CountryRepository } from './country.repository.ts';
import { OtpRepository } from './otp.repository.ts';
import { SessionRepository } from './session.repository.ts';
import { UserRepository } from './user.repository.ts';
import type { AccessTokenService } from './access-token.service.ts';
import { AuthService } from './auth.service.ts';
import { CountryService } from './country.service.ts';
import { DevOutboxService } from './dev-outbox.service.ts';
import { LoginThrottle } from './login-throttle.ts';
import { OtpService } from './otp.service.ts';
import type { RateLimitFactory } from '../shared/rate-limits.ts';
import { SessionService } from './session.service.ts';
import { toRole } from './user.presenter.ts';

/** The account services, wired once per server (kept out of context.ts so that file stays a list of fields). */
export function createAuthModule(options: {
  db: Database;
  config: Config;
  tokens: AccessTokenService;
  /** Server secret; the OTP hash pepper is derived from it. */
  secret: string;
  now: () => Date;
  rateLimits: RateLimitFactory;
}) {
  const { db, config, tokens, secret, now, rateLimits } = options;
  const users = new UserRepository(db);
  const otpRepository = new OtpRepository(db);
  const sessionRepository = new SessionRepository(db);
  const otp = new OtpService({
    repo: otpRepository,
    sender: createOtpSender(config, otpRepository, now),
    pepper: secret,
    now,
    log: (message) => console.warn(message),
  });
  const sessions = new SessionService({
    repo: sessionRepository,
    tokens,
    now,
    roleOf: async (userId) => {
      const row = await users.findById(userId);
      return row ? toRole(row.role) : null;
    },
  });
  return {
    auth: new AuthService({
      users,
      resets: sessionRepository,
      sessions,
      otp,
      throttle: new LoginThrottle(rateLimits),
      now,
    }),
    sessions,
    otp,
    countries: new CountryService(new CountryRepository(db)),
    devOutbox: new DevOutboxService(otpRepository),
  };
}
