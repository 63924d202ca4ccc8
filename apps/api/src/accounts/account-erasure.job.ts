import type { AccountDeletionRepository } from './account-deletion.repository.ts';
import { ERASE_AFTER_MS } from './account-deletion.service.ts';

/** How often the job looks for accounts due: hourly keeps erasure within a day of its date. */
export const ERASURE_INTERVAL_MINUTES = 60;
/** Accounts erased per batch; a run takes batches until none is due. */
const BATCH = 50;

export interface AccountErasureDeps {
  repo: AccountDeletionRepository;
  /** Removes one stored file; removing a missing one is not an error. */
  removeFile: (key: string) => Promise<void>;
  now: () => Date;
}

/**
 * Erases the personal data of accounts closed more than ERASE_AFTER_MS ago (docs/accounts-and-countries.md lists
 * what goes and what is anonymised). The job queue runs it hourly, in one process at a time; it is safe to run
 * twice at once all the same: files are removed first (removing one twice is harmless) and the account is
 * anonymised by a conditional update, so a second run finds nothing left to do. The same code runs on PGlite and
 * Postgres.
 */
export class AccountErasureJob {
  readonly #deps: AccountErasureDeps;

  constructor(deps: AccountErasureDeps) {
    this.#deps = deps;
  }

  /** One pass: answers how many accounts this call erased. */
  async runOnce(now: Date = this.#deps.now()): Promise<number> {
    const { repo } = this.#deps;
    const cutoff = new Date(now.getTime() - ERASE_AFTER_MS);
    let erased = 0;
    const seen = new Set<string>();
    for (;;) {
      const due = (await repo.dueForErasure(cutoff, BATCH)).filter((id) => !seen.has(id));
      if (due.length === 0) return erased;
      for (const userId of due) {
        seen.add(userId);
        const files = await repo.ownFiles(userId);
        const keys = [
          ...files.mediaKeys,
          ...(files.avatarKey && !/^https?:/i.test(files.avatarKey) ? [files.avatarKey] : []),
        ];
        for (const key of keys.filter((key) => !key.startsWith('demo/'))) await this.#deps.removeFile(key);
        if (await repo.erase(userId, cutoff, now)) erased += 1;
      }
    }
  }
}
