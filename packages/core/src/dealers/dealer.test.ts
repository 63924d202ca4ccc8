import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BusinessHoursSchema,
  DealerApplicationCreateBodySchema,
  DealerApplicationSchema,
  DealerProfileSchema,
  DealerProfileUpdateBodySchema,
  DealerReviewSchema,
  DealerSummarySchema,
  ReviewCreateBodySchema,
  ReviewsPageSchema,
  ReviewsQuerySchema,
} from './dealer.ts';
import { WEEKDAYS } from './business-hours.ts';

const at = '2026-11-01T10:00:00.000Z';
const hours = {
  monday: '9:00 AM - 6:00 PM',
  tuesday: '9:00 AM - 6:00 PM',
  wednesday: '9:00 AM - 6:00 PM',
  thursday: '9:00 AM - 6:00 PM',
  friday: '9:00 AM - 6:00 PM',
  saturday: '9:00 AM - 5:00 PM',
  sunday: 'Closed',
};
const profile = {
  id: 'd1',
  _id: 'd1',
  name: 'Mbabane Motors',
  email: 'sales@example.com',
  phone: '+26876000002',
  location: 'Mbabane',
  businessLicense: 'SZ-123',
  businessHours: hours,
};

describe('dealer profile', () => {
  it('has hours for all seven weekdays', () => {
    expect(WEEKDAYS).toHaveLength(7);
    expect(BusinessHoursSchema.parse(hours)).toEqual(hours);
    const { sunday: _s, ...sixDays } = hours;
    expect(BusinessHoursSchema.safeParse(sixDays).success).toBe(false);
  });

  it('accepts a profile and encodes it unchanged', () => {
    expect(DealerProfileSchema.parse(profile)).toEqual(profile);
    expect(z.encode(DealerProfileSchema, profile)).toEqual(profile);
  });

  it('lists dealers with the summary fields only', () => {
    expect(DealerSummarySchema.parse({ ...profile, carCount: 40 })).toEqual({
      id: 'd1',
      _id: 'd1',
      name: 'Mbabane Motors',
      phone: '+26876000002',
      location: 'Mbabane',
      carCount: 40,
    });
  });
});

describe('DealerProfileUpdateBodySchema', () => {
  it('trims fields and clears blank optional ones', () => {
    expect(
      DealerProfileUpdateBodySchema.parse({
        name: ' New Name ',
        email: '',
        location: ' Manzini ',
        businessLicense: '',
      }),
    ).toEqual({ name: 'New Name', email: null, location: 'Manzini', businessLicense: null });
  });

  it('validates email and phone, and ignores a blank phone', () => {
    expect(DealerProfileUpdateBodySchema.safeParse({ email: 'bad' }).success).toBe(false);
    expect(DealerProfileUpdateBodySchema.safeParse({ phone: '0761234' }).success).toBe(false);
    expect(DealerProfileUpdateBodySchema.parse({ phone: '', name: 'A' }).phone).toBeUndefined();
    expect(DealerProfileUpdateBodySchema.parse({ email: 'a@b.co' }).email).toBe('a@b.co');
  });

  it('refuses a blank name and an empty body', () => {
    expect(DealerProfileUpdateBodySchema.safeParse({ name: ' ' }).success).toBe(false);
    expect(DealerProfileUpdateBodySchema.safeParse({}).error?.issues[0]?.message).toBe('Nothing to update');
    expect(DealerProfileUpdateBodySchema.safeParse({ location: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('reviews', () => {
  const review = { id: 'r1', _id: 'r1', userName: 'Ann', rating: 5, comment: 'Great service', createdAt: at };

  it('accepts ratings 1 and 5 and refuses 0, 6 and fractions', () => {
    expect(ReviewCreateBodySchema.safeParse({ rating: 1, comment: 'ok' }).success).toBe(true);
    expect(ReviewCreateBodySchema.safeParse({ rating: 5, comment: 'ok' }).success).toBe(true);
    expect(ReviewCreateBodySchema.safeParse({ rating: 0, comment: 'ok' }).error?.issues[0]?.message).toBe(
      'Rating must be between 1 and 5',
    );
    expect(ReviewCreateBodySchema.safeParse({ rating: 6, comment: 'ok' }).success).toBe(false);
    expect(ReviewCreateBodySchema.safeParse({ rating: 4.5, comment: 'ok' }).success).toBe(false);
    expect(ReviewCreateBodySchema.safeParse({ comment: 'ok' }).error?.issues[0]?.message).toBe(
      'Rating is required',
    );
  });

  it('trims the comment and requires it', () => {
    expect(ReviewCreateBodySchema.parse({ rating: 4, comment: ' Good ' }).comment).toBe('Good');
    expect(ReviewCreateBodySchema.safeParse({ rating: 4, comment: '  ' }).success).toBe(false);
    expect(ReviewCreateBodySchema.safeParse({ rating: 4, comment: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('pages reviews 10 at a time', () => {
    expect(ReviewsQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ReviewsPageSchema.parse({ reviews: [review], page: 1, limit: 10, total: 1 }).reviews).toHaveLength(
      1,
    );
    expect(DealerReviewSchema.safeParse({ ...review, rating: 0 }).success).toBe(false);
  });
});

describe('dealer applications', () => {
  it('accepts a stored application', () => {
    const application = {
      id: 'a1',
      _id: 'a1',
      status: 'pending',
      businessName: 'Mbabane Motors',
      businessType: 'dealer',
      location: 'Mbabane, Eswatini',
      createdAt: at,
      reviewNotes: null,
    };
    expect(DealerApplicationSchema.parse(application)).toEqual(application);
    expect(DealerApplicationSchema.safeParse({ ...application, status: 'cancelled' }).success).toBe(false);
  });

  it('requires a dealership name for dealers only', () => {
    expect(
      DealerApplicationCreateBodySchema.parse({
        businessName: ' Motors ',
        businessType: 'dealer',
        location: ' Mbabane ',
      }),
    ).toEqual({ businessName: 'Motors', businessType: 'dealer', location: 'Mbabane' });
    const missing = DealerApplicationCreateBodySchema.safeParse({
      businessName: ' ',
      businessType: 'dealer',
      location: 'X',
    });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['businessName'],
      message: 'Dealership name is required',
    });
    expect(DealerApplicationCreateBodySchema.parse({ businessType: 'private', location: 'Manzini' })).toEqual(
      {
        businessName: undefined,
        businessType: 'private',
        location: 'Manzini',
      },
    );
  });

  it('requires a location and a known business type', () => {
    expect(
      DealerApplicationCreateBodySchema.safeParse({ businessType: 'private', location: '' }).error?.issues[0]
        ?.message,
    ).toBe('Location is required');
    expect(
      DealerApplicationCreateBodySchema.safeParse({ businessType: 'company', location: 'X' }).success,
    ).toBe(false);
  });
});
