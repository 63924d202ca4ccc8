import type { OtpRepository } from './otp.repository.ts';

export interface OutboxMessage {
  id: string;
  _id: string;
  to: string;
  channel: string;
  template: string;
  code: string | null;
  body: string;
  createdAt: string;
}

/** Reads what the dev OTP provider kept, newest first, for developers and end-to-end tests. */
export class DevOutboxService {
  readonly #repo: OtpRepository;

  constructor(repo: OtpRepository) {
    this.#repo = repo;
  }

  async list(phone: string | undefined, limit: number): Promise<{ messages: OutboxMessage[] }> {
    const rows = await this.#repo.listOutbox(phone, limit);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        _id: row.id,
        to: row.to,
        channel: row.channel,
        template: row.template,
        code: row.code,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }
}
