import { describe, expect, it } from 'vitest';
import { BusinessHoursSchema } from './dealer.ts';
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS, WEEKDAY_LABELS } from './business-hours.ts';

describe('default business hours', () => {
  it('pins the SPEC 9 placeholder hours', () => {
    expect(DEFAULT_BUSINESS_HOURS).toEqual({
      monday: '9:00 AM - 6:00 PM',
      tuesday: '9:00 AM - 6:00 PM',
      wednesday: '9:00 AM - 6:00 PM',
      thursday: '9:00 AM - 6:00 PM',
      friday: '9:00 AM - 6:00 PM',
      saturday: '9:00 AM - 5:00 PM',
      sunday: 'Closed',
    });
    expect(BusinessHoursSchema.parse(DEFAULT_BUSINESS_HOURS)).toEqual(DEFAULT_BUSINESS_HOURS);
  });

  it('labels all seven weekdays from Monday', () => {
    expect(WEEKDAYS).toHaveLength(7);
    expect(Object.keys(WEEKDAY_LABELS)).toEqual([...WEEKDAYS]);
    expect(WEEKDAY_LABELS.monday).toBe('Monday');
  });
});
