import {
  AUTO_HIDE_REPORTERS,
  REPORT_TARGET_LABELS,
  type ReportAnswer,
  type ReportFiled,
  type ReportReason,
} from '@autoreel/core';
import { invalidInput, notFound, rateLimited } from '../errors.ts';
import type { Notify } from '../notifications/notify.ts';
import type { RateLimit } from '../shared/rate-limits.ts';
import type { ModerationRepository, ReportRow, TargetType } from './moderation.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reports an account may file in an hour, and an address (several accounts behind it) in an hour. */
export const REPORTS_PER_ACCOUNT = { points: 10, durationSeconds: 60 * 60 };
export const REPORTS_PER_ADDRESS = { points: 30, durationSeconds: 60 * 60 };
export const REPORT_LIMIT_MESSAGE = 'Too many reports sent. Please try again later.';

export interface NewReport {
  targetType: TargetType;
  targetId: string;
  reason: ReportReason;
  details: string;
  /** The conversation it was filed from (the chat header's report). */
  conversationId?: string | null;
}

export function presentReport(row: ReportRow): ReportAnswer {
  return {
    id: row.id,
    targetType: row.targetType as TargetType,
    targetId: row.targetId,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as ReportAnswer['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /reports: anyone signed in reports a listing, a person, a message sent to them, a review or a comment they
 * can see. One report per reporter and target: a repeat (or a racing duplicate) answers the first. Limited per
 * account and per address, counted only for new reports. A listing reported by AUTO_HIDE_REPORTERS accounts is hidden
 * at once, pending an admin's review.
 */
export class ReportService {
  readonly #repo: ModerationRepository;
  readonly #perAccount: RateLimit;
  readonly #perAddress: RateLimit;
  readonly #now: () => Date;
  readonly #notify: Notify;
  readonly #carsChanged: () => void;

  constructor(options: {
    repo: ModerationRepository;
    perAccount: RateLimit;
    perAddress: RateLimit;
    now: () => Date;
    notify?: Notify;
    carsChanged: () => void;
  }) {
    this.#repo = options.repo;
    this.#perAccount = options.perAccount;
    this.#perAddress = options.perAddress;
    this.#now = options.now;
    this.#notify = options.notify ?? (async () => undefined);
    this.#carsChanged = options.carsChanged;
  }

  async file(
    reporterId: string,
    address: string,
    report: NewReport,
  ): Promise<ReportFiled & { created: boolean }> {
    const label = REPORT_TARGET_LABELS[report.targetType];
    const notFoundMessage = `${label[0]?.toUpperCase()}${label.slice(1)} not found`;
    if (!UUID.test(report.targetId)) throw notFound(notFoundMessage);
    const existing = await this.#repo.findReport(reporterId, report.targetType, report.targetId);
    if (existing) return { report: presentReport(existing), alreadyReported: true, created: false };

    const target = (await this.#repo.targets(report.targetType, [report.targetId])).get(report.targetId);
    // A message only its receiver may report; anything hidden from the reporter answers as if it did not exist.
    const mayReport =
      target !== undefined &&
      target.visible &&
      (report.targetType !== 'message' || target.receiverId === reporterId);
    if (!target || !mayReport) throw notFound(notFoundMessage);
    if (target.ownerId === reporterId) {
      throw invalidInput(`You cannot report your own ${label}`, [
        { field: 'targetId', message: `You cannot report your own ${label}` },
      ]);
    }

    const row = await this.#repo.insertReport({
      reporterId,
      reportedUserId: target.ownerId,
      conversationId: report.conversationId ?? null,
      targetType: report.targetType,
      targetId: report.targetId,
      reason: report.reason,
      details: report.details,
      targetText: target.text.slice(0, 2000),
    });
    if (!row) {
      // A duplicate racing this one was stored first: it is the report, counted once.
      const first = await this.#repo.findReport(reporterId, report.targetType, report.targetId);
      if (!first) throw notFound(notFoundMessage);
      return { report: presentReport(first), alreadyReported: true, created: false };
    }
    // Counted only once stored, so repeats and duplicates cost nothing; over the limit, the report is taken back.
    await this.#takeSlot(row, reporterId, address);

    if (report.targetType === 'car') await this.#hideWhenReportedEnough(report.targetId, target.ownerId);
    return { report: presentReport(row), alreadyReported: false, created: true };
  }

  async #takeSlot(row: ReportRow, reporterId: string, address: string): Promise<void> {
    const account = await this.#perAccount.hit(reporterId);
    const byAddress = account.allowed ? await this.#perAddress.hit(address) : account;
    if (account.allowed && byAddress.allowed) return;
    if (account.allowed) await this.#perAccount.giveBack(reporterId);
    await this.#repo.deleteReport(row.id);
    const refusal = account.allowed ? byAddress : account;
    throw rateLimited(REPORT_LIMIT_MESSAGE, refusal.allowed ? 60 : refusal.retryAfterSeconds);
  }

  /** Counted after this report is stored, so of racing reporters the last to store sees them all. */
  async #hideWhenReportedEnough(carId: string, ownerId: string): Promise<void> {
    if ((await this.#repo.openReporters('car', carId)) < AUTO_HIDE_REPORTERS) return;
    const now = this.#now();
    const hidden = await this.#repo.transaction(async (repo) => {
      if (!(await repo.hideCar(carId, now, true))) return null;
      return repo.insertAudit({
        actorId: null,
        action: 'auto_hide_car',
        targetType: 'car',
        targetId: carId,
        reason: `Reported by ${AUTO_HIDE_REPORTERS} or more accounts: hidden pending review`,
      });
    });
    if (!hidden) return;
    this.#carsChanged();
    await this.#notify({
      userId: ownerId,
      kind: 'listing_moderated',
      title: 'Your listing is hidden pending review',
      body: 'Several buyers reported this listing, so it is hidden until our team reviews it.',
      link: '/dealer',
      dedupeKey: `moderation:${hidden.id}`,
    });
  }
}
