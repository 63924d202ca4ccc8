import type { OtpRepository } from '../accounts/otp.repository.ts';
import { otpMessageBody, type OtpMessage, type OtpSender } from './otp-sender.ts';

/**
 * Development and test provider: nothing leaves the machine; each message is kept in the dev_outbox table and
 * read back through GET /api/dev/outbox, which does not exist in production.
 */
export class DevOtpSender implements OtpSender {
  readonly #repo: OtpRepository;
  readonly #template: string;
  readonly #now: () => Date;

  constructor(repo: OtpRepository, template: string, now: () => Date) {
    this.#repo = repo;
    this.#template = template;
    this.#now = now;
  }

  async send({ to, code, purpose }: OtpMessage): Promise<void> {
    await this.#repo.addToOutbox({
      to,
      channel: 'whatsapp',
      template: this.#template,
      code,
      body: otpMessageBody(code, purpose),
      now: this.#now(),
    });
  }
}
