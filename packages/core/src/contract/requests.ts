import { z } from 'zod';
import { CarListQuerySchema, CarStatusSchema } from '../cars/index.ts';
import { IdParamsSchema, PAGE_SIZES, pageQuerySchema } from '../shared/index.ts';
import { OVERVIEW_PERIODS, type OverviewPeriod } from './answers.ts';

/*
 * Request schemas that no entity schema holds: the API validates with these very objects (the contract's route
 * registration checks it), so a client sends what the server accepts.
 */

/** /cars/mine also filters by status (the inventory's status filter); blank means every status. */
export const MyCarsQuerySchema = CarListQuerySchema.safeExtend({
  status: z.preprocess((v) => (v === '' ? undefined : v), CarStatusSchema.optional()),
});

/** Any string reaches the service, which answers 404 for ids that cannot name a row (never a database error). */
export const AnyIdParamsSchema = z.object({ id: z.string() });

export const UserIdParamsSchema = z.object({ userId: IdParamsSchema.shape.id });

export const LikersQuerySchema = pageQuerySchema(PAGE_SIZES.comments);

export const ApplicationRejectBodySchema = z
  .object({ reviewNotes: z.string().trim().max(1000, 'Review notes are at most 1000 characters').optional() })
  .optional();

const PERIOD_MESSAGE = `days must be ${OVERVIEW_PERIODS.join(' or ')}`;

/** ?days=7|30, 7 when absent or blank. */
export const DealerOverviewQuerySchema = z.object({
  days: z
    .preprocess(
      (value) => (value === undefined || value === '' ? undefined : Number(value)),
      z
        .number(PERIOD_MESSAGE)
        .refine(
          (n): n is OverviewPeriod => (OVERVIEW_PERIODS as readonly number[]).includes(n),
          PERIOD_MESSAGE,
        )
        .optional(),
    )
    .transform((n) => n ?? 7),
});

export const DevOutboxListQuerySchema = z.object({
  // A '+' in a query string decodes to a space, so '?phone=+268...' arrives as ' 268...'.
  phone: z
    .string()
    .optional()
    .transform((value) => {
      const digits = value?.replace(/[^\d]/g, '');
      return digits ? `+${digits}` : undefined;
    }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const FlagParamsSchema = z.object({ file: z.string() });

export const MediaKeyBodySchema = z.object({ key: z.string().trim().min(1).max(512) });

/** The dealer application's body is checked by the service, so that its field errors carry the form's names. */
export const DealerApplicationBodySchema = z.unknown();
