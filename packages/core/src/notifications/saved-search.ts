import { z } from 'zod';
import { CarListQuerySchema, type CarListQuery } from '../cars/index.ts';
import { EntityIdSchema, TimestampSchema } from '../shared/index.ts';

/** At most this many saved searches per account. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NAME_MAX = 80;

/** instant: a notification per new match; daily: one digest a day; off: kept, never alerted. */
export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'off'] as const;
export const SavedSearchAlertSchema = z.enum(SAVED_SEARCH_ALERTS);
export type SavedSearchAlert = z.infer<typeof SavedSearchAlertSchema>;

/**
 * A saved search's filters are the car list's query (GET /cars), less the page: the same filters and sort the
 * buyer browsed with. Stored as parsed, so numbers are numbers.
 */
export const SavedSearchFiltersSchema = CarListQuerySchema.transform(
  ({ limit: _limit, cursor: _cursor, ...filters }) => filters,
);
export type SavedSearchFilters = Omit<CarListQuery, 'limit' | 'cursor'>;

const NameSchema = z
  .string()
  .trim()
  .min(1, 'Name the search')
  .max(SAVED_SEARCH_NAME_MAX, `At most ${SAVED_SEARCH_NAME_MAX} characters`);

export const SavedSearchCreateBodySchema = z.object({
  name: NameSchema,
  filters: SavedSearchFiltersSchema,
  alert: SavedSearchAlertSchema.default('instant'),
});
export type SavedSearchCreateBody = z.input<typeof SavedSearchCreateBodySchema>;

/** PUT /saved-searches/{id}: rename, change filters or alert, pause, or mark it opened (resets newSince). */
export const SavedSearchUpdateBodySchema = z
  .object({
    name: NameSchema.optional(),
    filters: SavedSearchFiltersSchema.optional(),
    alert: SavedSearchAlertSchema.optional(),
    paused: z.boolean().optional(),
    opened: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type SavedSearchUpdateBody = z.input<typeof SavedSearchUpdateBodySchema>;

const StoredFiltersSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** A saved search as answered: `matchCount` cars match now, `newSince` of them were listed since it was last opened. */
export const SavedSearchSchema = z.object({
  id: EntityIdSchema,
  name: z.string(),
  filters: StoredFiltersSchema,
  alert: SavedSearchAlertSchema,
  paused: z.boolean(),
  matchCount: z.number().int().nonnegative(),
  newSince: z.number().int().nonnegative(),
  lastOpenedAt: TimestampSchema,
  createdAt: TimestampSchema,
});
export type SavedSearchAnswer = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ savedSearches: z.array(SavedSearchSchema) });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

export const SavedSearchDeletedSchema = z.object({ deleted: z.literal(true) });
