export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** SPEC 9 placeholder hours; editing them is not offered yet. */
export const WEEKDAY_HOURS = '9:00 AM - 6:00 PM';
export const SATURDAY_HOURS = '9:00 AM - 5:00 PM';
export const CLOSED = 'Closed';

export const DEFAULT_BUSINESS_HOURS: Readonly<Record<Weekday, string>> = {
  monday: WEEKDAY_HOURS,
  tuesday: WEEKDAY_HOURS,
  wednesday: WEEKDAY_HOURS,
  thursday: WEEKDAY_HOURS,
  friday: WEEKDAY_HOURS,
  saturday: SATURDAY_HOURS,
  sunday: CLOSED,
};

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
