import type { OtpRepository } from '../accounts/otp.repository.ts';
import {
  newMessageNoticeBody,
  otpMessageBody,
  SIGNUP_ATTEMPT_NOTICE,
  type NewMessageNotice,
  type OtpMessage,
  type OtpSender,
} from './otp-sender.ts';

/**
 * Development and test provider: nothing leaves the machine; each message is kept in the dev_outbox table and
 * read back through GET /api/dev/outbox, which does not exist in production.
 */
export class DevOtpSender implements OtpSender {
  readonly #repo: OtpRepository;
  readonly #template: string;
  readonly #now: () => Date;

  readonly #noticeTemplate: string;
  readonly #newMessageTemplate: string;

  constructor(
    repo: OtpRepository,
    templates: { code: string; signupAttempt: string; newMessage: string },
    now: () => Date,
  ) {
    this.#repo = repo;
    this.#template = templates.code;
    this.#noticeTemplate = templates.signupAttempt;
    this.#newMessageTemplate = templates.newMessage;
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

  async sendSignupAttemptNotice(to: string): Promise<void> {
    await this.#repo.addToOutbox({
      to,
      channel: 'whatsapp',
      template: this.#noticeTemplate,
      code: null,
      body: SIGNUP_ATTEMPT_NOTICE,
      now: this.#now(),
    });
  }

  async sendNewMessageNotice(notice: NewMessageNotice): Promise<void> {
    await this.#repo.addToOutbox({
      to: notice.to,
      channel: 'whatsapp',
      template: this.#newMessageTemplate,
      code: null,
      body: newMessageNoticeBody(notice),
      now: this.#now(),
    });
  }
}
