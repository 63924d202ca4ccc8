import { z } from 'zod';
import { EntityIdSchema, IdSchema, TimestampSchema } from '../shared/index.ts';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_TARGET_TYPES } from './report-target.ts';

export {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_TARGET_LABELS,
  REPORT_TARGET_TYPES,
  type ReportTargetType,
} from './report-target.ts';
export const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);

export const REPORT_REASONS = ['scam', 'wrong_information', 'already_sold', 'offensive', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  scam: 'Scam or deposit request',
  wrong_information: 'Wrong information',
  already_sold: 'Already sold',
  offensive: 'Offensive',
  other: 'Other',
};

/**
 * Reports a listing gets from this many different accounts hide it from everyone until an admin reviews it.
 */
export const AUTO_HIDE_REPORTERS = 3;

/** POST /reports. Details are optional; a blank is stored as ''. */
export const ReportBodySchema = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: IdSchema,
  reason: ReportReasonSchema,
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`)
    .optional()
    .default(''),
});
export type ReportBody = z.input<typeof ReportBodySchema>;

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** The reporter's own report, as they filed it. */
export const ReportSchema = z.object({
  id: EntityIdSchema,
  targetType: ReportTargetTypeSchema,
  targetId: EntityIdSchema,
  reason: ReportReasonSchema,
  details: z.string(),
  status: ReportStatusSchema,
  createdAt: TimestampSchema,
});
export type ReportAnswer = z.infer<typeof ReportSchema>;

/**
 * POST /reports: 201 with the new report, or 200 with the one the caller already filed about this target
 * (`alreadyReported`), so a second tap or a retry is counted once.
 */
export const ReportFiledSchema = z.object({ report: ReportSchema, alreadyReported: z.boolean() });
export type ReportFiled = z.infer<typeof ReportFiledSchema>;

/** What the report dialog says once a report is filed. */
export const REPORT_THANKS = 'Thanks, our team will review this. We will tell you what we decide.';
