import { z } from 'zod';
import { EntityIdSchema, TimestampSchema, pageQuerySchema, requiredText } from '../shared/index.ts';
import {
  ReportReasonSchema,
  ReportStatusSchema,
  ReportTargetTypeSchema,
  type ReportTargetType,
} from './report.ts';

/** The moderation desk's actions. Suspending or restoring acts on the account that owns the target. */
export const MODERATION_ACTIONS = [
  'hide_car',
  'restore_car',
  'remove_comment',
  'remove_review',
  'suspend_user',
  'restore_user',
  'dismiss',
] as const;
export const ModerationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof ModerationActionSchema>;

/** Actions recorded in the audit log that no admin takes: a listing hidden by its reports, pending review. */
export const AUDIT_ACTIONS = [...MODERATION_ACTIONS, 'auto_hide_car'] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const MODERATION_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  hide_car: 'Hide listing',
  restore_car: 'Restore listing',
  remove_comment: 'Remove comment',
  remove_review: 'Remove review',
  suspend_user: 'Suspend account',
  restore_user: 'Restore account',
  dismiss: 'Dismiss reports',
  auto_hide_car: 'Hidden automatically pending review',
};

/** Which actions each kind of target takes; every target can be dismissed and its owner suspended or restored. */
export const ACTIONS_BY_TARGET: Readonly<Record<ReportTargetType, readonly ModerationAction[]>> = {
  car: ['hide_car', 'restore_car', 'suspend_user', 'restore_user', 'dismiss'],
  user: ['suspend_user', 'restore_user', 'dismiss'],
  message: ['suspend_user', 'restore_user', 'dismiss'],
  review: ['remove_review', 'suspend_user', 'restore_user', 'dismiss'],
  comment: ['remove_comment', 'suspend_user', 'restore_user', 'dismiss'],
};

export const MODERATION_REASON_MAX_LENGTH = 500;

/** POST /admin/reports/actions: one action on one target, with the reason the audit log keeps. */
export const ModerationActionBodySchema = z
  .object({
    targetType: ReportTargetTypeSchema,
    targetId: EntityIdSchema.max(64),
    action: ModerationActionSchema,
    reason: requiredText('Reason', MODERATION_REASON_MAX_LENGTH),
  })
  .superRefine((body, context) => {
    if (!ACTIONS_BY_TARGET[body.targetType].includes(body.action)) {
      context.addIssue({
        code: 'custom',
        path: ['action'],
        message: `A ${body.targetType} cannot be acted on with ${body.action}`,
      });
    }
  });
export type ModerationActionBody = z.infer<typeof ModerationActionBodySchema>;

export const ADMIN_REPORTS_PAGE_SIZE = 20;

/** GET /admin/reports: open reports, or those already decided ('closed'), grouped by target. */
export const AdminReportsQuerySchema = pageQuerySchema(ADMIN_REPORTS_PAGE_SIZE).extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['open', 'closed']).default('open')),
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuerySchema>;

const PersonSchema = z.object({ id: EntityIdSchema, name: z.string() });

export const ReportedItemSchema = z.object({
  id: EntityIdSchema,
  reason: ReportReasonSchema,
  details: z.string(),
  /** The target's text when it was reported (a message, comment or review), kept though the target may go. */
  targetText: z.string(),
  reporter: PersonSchema,
  status: ReportStatusSchema,
  createdAt: TimestampSchema,
});

/** One target's reports on the desk. */
export const ReportGroupSchema = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: EntityIdSchema,
  /** A line naming the target ('2018 Toyota Hilux', a person's name, a comment's text); '' once it is gone. */
  summary: z.string(),
  /** Where the target is in the app ('/cars/{id}'), or null. */
  link: z.string().nullable(),
  /** The account the target belongs to (the seller, the author, the person). */
  owner: PersonSchema.nullable(),
  /** The target still exists. */
  exists: z.boolean(),
  /** A listing hidden by moderation, pending review or decided. */
  hidden: z.boolean(),
  pendingReview: z.boolean(),
  ownerSuspended: z.boolean(),
  reportCount: z.number().int().nonnegative(),
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int().positive() })),
  reports: z.array(ReportedItemSchema),
  firstReportedAt: TimestampSchema,
  lastReportedAt: TimestampSchema,
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const AdminReportsPageSchema = z.object({
  groups: z.array(ReportGroupSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type AdminReportsPage = z.infer<typeof AdminReportsPageSchema>;

export const AuditEntrySchema = z.object({
  id: EntityIdSchema,
  /** null: done by the system (a listing hidden by its reports). */
  actor: PersonSchema.nullable(),
  action: AuditActionSchema,
  targetType: ReportTargetTypeSchema,
  targetId: EntityIdSchema,
  reason: z.string(),
  createdAt: TimestampSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;
export const AuditQuerySchema = pageQuerySchema(AUDIT_PAGE_SIZE);
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** POST /admin/reports/actions: the audit entry written and how many open reports it closed. */
export const ModerationActionResultSchema = z.object({
  entry: AuditEntrySchema,
  reportsClosed: z.number().int().nonnegative(),
});
export type ModerationActionResult = z.infer<typeof ModerationActionResultSchema>;
