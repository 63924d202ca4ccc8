import {
  REPORT_REASONS,
  REPORT_TARGET_LABELS,
  type AdminReportsPage,
  type AdminReportsQuery,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type ModerationActionBody,
  type ModerationActionResult,
  type ReportGroup,
  type ReportReason,
} from '@autoreel/core';
import { notFound } from '../errors.ts';
import type { NewNotification, Notify } from '../notifications/notify.ts';
import type {
  AuditRow,
  ModerationRepository,
  ReportRow,
  TargetRow,
  TargetType,
} from './moderation.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the desk calls to suspend and restore accounts (AccountSuspensionService). */
export interface Suspensions {
  suspend(userId: string): Promise<void>;
  restore(userId: string): Promise<void>;
}

function presentAudit(row: AuditRow, actorName: string | null): AuditEntry {
  return {
    id: row.id,
    actor: row.actorId ? { id: row.actorId, name: actorName ?? '' } : null,
    action: row.action as AuditAction,
    targetType: row.targetType as TargetType,
    targetId: row.targetId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a reporter is told of the decision on their report. */
function reporterOutcome(action: ModerationActionBody['action'], label: string): string {
  switch (action) {
    case 'hide_car':
      return 'We hid the listing you reported.';
    case 'remove_comment':
    case 'remove_review':
      return `We removed the ${label} you reported.`;
    case 'suspend_user':
      return `We suspended the account behind the ${label} you reported.`;
    case 'dismiss':
    case 'restore_car':
    case 'restore_user':
      return `We reviewed the ${label} you reported and left it up.`;
  }
}

/**
 * The moderation desk (admins only, as the routes say): the open reports grouped by target, the actions on a target,
 * each written to the audit log with its reason, and the outcome told to the reporters and the owner.
 */
export class ModerationService {
  readonly #repo: ModerationRepository;
  readonly #suspensions: Suspensions;
  readonly #now: () => Date;
  readonly #notify: Notify;
  readonly #carsChanged: () => void;

  constructor(options: {
    repo: ModerationRepository;
    suspensions: Suspensions;
    now: () => Date;
    notify?: Notify;
    carsChanged: () => void;
  }) {
    this.#repo = options.repo;
    this.#suspensions = options.suspensions;
    this.#now = options.now;
    this.#notify = options.notify ?? (async () => undefined);
    this.#carsChanged = options.carsChanged;
  }

  /** GET /admin/reports: a page of targets, each with its reports (open, or decided for status=closed). */
  async queue(query: AdminReportsQuery): Promise<AdminReportsPage> {
    const open = query.status === 'open';
    const { page, limit } = query;
    const { groups, total } = await this.#repo.groupPage(open, limit, (page - 1) * limit);
    const rows = await this.#repo.reportsOf(groups, open);
    const targets = new Map<string, TargetRow>();
    for (const type of new Set(groups.map((group) => group.targetType))) {
      const found = await this.#repo.targets(
        type,
        groups.filter((group) => group.targetType === type).map((group) => group.targetId),
      );
      for (const [id, target] of found) targets.set(`${type}:${id}`, target);
    }
    return {
      groups: groups.map((group): ReportGroup => {
        const key = `${group.targetType}:${group.targetId}`;
        const target = targets.get(key);
        const reports = rows.filter((row) => `${row.targetType}:${row.targetId}` === key);
        const counts = new Map<ReportReason, number>();
        for (const row of reports) {
          const reason = row.reason as ReportReason;
          counts.set(reason, (counts.get(reason) ?? 0) + 1);
        }
        const ownerId = target?.ownerId ?? reports[0]?.reportedUserId ?? null;
        return {
          targetType: group.targetType,
          targetId: group.targetId,
          summary: target?.summary ?? reports.find((row) => row.targetText)?.targetText ?? '',
          link: target?.link ?? null,
          // A target that is gone still names its owner as its reports kept it; the name is then unknown.
          owner: ownerId ? { id: ownerId, name: target?.ownerName ?? '' } : null,
          exists: target !== undefined,
          hidden: target?.hidden ?? false,
          pendingReview: target?.pendingReview ?? false,
          ownerSuspended: target?.ownerSuspended ?? false,
          reportCount: reports.length,
          reasons: REPORT_REASONS.filter((reason) => counts.has(reason)).map((reason) => ({
            reason,
            count: counts.get(reason) ?? 0,
          })),
          reports: reports.map((row) => ({
            id: row.id,
            reason: row.reason as ReportReason,
            details: row.details,
            targetText: row.targetText,
            reporter: { id: row.reporterId, name: row.reporterName },
            status: row.status as ReportGroup['reports'][number]['status'],
            createdAt: row.createdAt.toISOString(),
          })),
          firstReportedAt: group.first.toISOString(),
          lastReportedAt: group.last.toISOString(),
        };
      }),
      page,
      limit,
      total,
    };
  }

  /** GET /admin/audit: newest first. */
  async audit(page: number, limit: number): Promise<AuditPage> {
    const { rows, total } = await this.#repo.auditPage(limit, (page - 1) * limit);
    return { entries: rows.map((row) => presentAudit(row, row.actorName)), page, limit, total };
  }

  /** POST /admin/reports/actions: acts on the target, closes its open reports, logs it and tells who it concerns. */
  async act(adminId: string, body: ModerationActionBody): Promise<ModerationActionResult> {
    const { targetType, targetId, action, reason } = body;
    const label = REPORT_TARGET_LABELS[targetType];
    const missing = () => notFound(`${label[0]?.toUpperCase()}${label.slice(1)} not found`);
    if (!UUID.test(targetId)) throw missing();
    const target = (await this.#repo.targets(targetType, [targetId])).get(targetId);
    // Only a dismissal may name a target that is gone (its reports still wait on the desk).
    if (!target && action !== 'dismiss') throw missing();
    const now = this.#now();
    const owner: NewNotification[] = [];
    let carsChanged = false;

    // Suspension has its own service (sessions ended, listings hidden, the owner told); it runs before the log.
    if (action === 'suspend_user' && target) await this.#suspensions.suspend(target.ownerId);
    if (action === 'restore_user' && target) await this.#suspensions.restore(target.ownerId);

    const { entry, closed } = await this.#repo.transaction(async (repo) => {
      switch (action) {
        case 'hide_car':
          await repo.hideCar(targetId, now, false);
          carsChanged = true;
          owner.push({
            userId: target!.ownerId,
            kind: 'listing_moderated',
            title: 'Your listing was hidden',
            body: `Moderation hid your ${target!.summary}: ${reason}`,
            link: '/dealer',
            dedupeKey: '',
          });
          break;
        case 'restore_car':
          await repo.restoreCar(targetId);
          carsChanged = true;
          owner.push({
            userId: target!.ownerId,
            kind: 'listing_moderated',
            title: 'Your listing is shown again',
            body: `Moderation restored your ${target!.summary}.`,
            link: `/cars/${targetId}`,
            dedupeKey: '',
          });
          break;
        case 'remove_comment':
        case 'remove_review': {
          const removed =
            action === 'remove_comment'
              ? await repo.deleteComment(targetId)
              : await repo.deleteReview(targetId);
          if (!removed) throw missing();
          owner.push({
            userId: target!.ownerId,
            kind: 'content_removed',
            title: `Your ${label} was removed`,
            body: `Moderation removed your ${label}: ${reason}`,
            link: target!.link ?? '/',
            dedupeKey: '',
          });
          break;
        }
        case 'dismiss':
          // Dismissing the reports of a listing hidden only by them shows it again.
          if (targetType === 'car' && target?.hidden && target.pendingReview) {
            await repo.restoreCar(targetId);
            carsChanged = true;
            owner.push({
              userId: target.ownerId,
              kind: 'listing_moderated',
              title: 'Your listing is shown again',
              body: `We reviewed your ${target.summary} and it is back in search.`,
              link: `/cars/${targetId}`,
              dedupeKey: '',
            });
          }
          break;
        case 'suspend_user':
        case 'restore_user':
          // Done above by the suspension service.
          break;
      }
      const outcome = action === 'dismiss' || action.startsWith('restore_') ? 'dismissed' : 'actioned';
      const closedRows: ReportRow[] = await repo.closeReports(targetType, targetId, outcome, now);
      const written = await repo.insertAudit({ actorId: adminId, action, targetType, targetId, reason });
      return { entry: written, closed: closedRows };
    });
    if (carsChanged) this.#carsChanged();

    const told = closed.map((report): NewNotification => ({
      userId: report.reporterId,
      kind: 'report_outcome',
      title: 'Your report was reviewed',
      body: reporterOutcome(action, label),
      link: target?.link ?? '/',
      dedupeKey: `report:${report.id}:${report.status}`,
    }));
    await this.#notify(...told, ...owner.map((row) => ({ ...row, dedupeKey: `moderation:${entry.id}` })));
    return {
      entry: presentAudit(entry, await this.#repo.userName(adminId)),
      reportsClosed: closed.length,
    };
  }
}
