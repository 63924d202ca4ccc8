import { z } from 'zod';
import { SELLER_BADGES } from './seller-trust.ts';

// The wire schemas of seller-trust.ts, apart from it: its labels and rules are on the first screens, which load no
// validation schemas.

export const SellerBadgeSchema = z.enum(SELLER_BADGES);

/** A reply time on the wire: whole minutes and a positive sample, or null. */
export const ReplyTimeSchema = z
  .object({ medianMinutes: z.number().int().nonnegative(), sample: z.number().int().positive() })
  .nullable();
