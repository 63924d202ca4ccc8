/**
 * Time labels (SPEC 4 'Display rules' liked-at label; SPEC 9 relative time and day labels).
 *
 * Calendar comparisons use the local time zone of the Date objects (the viewer's zone in a browser), because
 * 'Today' and 'Yesterday' mean the viewer's days. `now` is always a parameter so the rules stay pure.
 * Dates in the future (clock skew between server and device) are treated as now rather than shown oddly.
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/** Under 7 calendar days the liked-at label counts days; under 30 it counts weeks (SPEC 4). */
export const LIKED_DAYS_LIMIT = 7;
export const LIKED_WEEKS_LIMIT = 30;

export const TODAY = 'Today';
export const YESTERDAY = 'Yesterday';
/** Under one minute 'Xm ago' would read '0m ago'; 'Just now' says the same thing plainly. */
export const JUST_NOW = 'Just now';

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * Whole calendar days from `date` to `now` in local time. Rounding absorbs the 23- or 25-hour days around a
 * daylight-saving change. Never negative.
 */
export function calendarDaysAgo(date: DateInput, now: Date): number {
  const days = Math.round((startOfLocalDay(now) - startOfLocalDay(toDate(date))) / MS_PER_DAY);
  return Math.max(0, days);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are slow to make and dates are many (a list of 100 cars): one per locale and style. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * The one way the product writes a date: the day, the month's short name and the year in the viewer's locale
 * ('25 Nov 2026' in en-GB, 'Nov 25, 2026' in en-US), never a figure-only date that reads one way in Mbabane and
 * another in Boston. `locale` undefined is the runtime's (the browser's language). An invalid date is ''.
 */
export function calendarDate(date: DateInput, locale?: string): string {
  const d = toDate(date);
  if (Number.isNaN(d.getTime())) return '';
  return formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

/** A day without its year, for charts of recent days ('25 Nov', 'Nov 25'); `timeZone` 'UTC' for the API's days. */
export function dayOfMonth(date: DateInput, locale?: string, timeZone?: string): string {
  const d = toDate(date);
  if (Number.isNaN(d.getTime())) return '';
  return formatter(locale, { day: 'numeric', month: 'short', ...(timeZone ? { timeZone } : {}) }).format(d);
}

/** 'Today', 'Yesterday', 'N days ago' (under 7 days), 'N weeks ago' (under 30 days), else a date. */
export function likedAtLabel(likedAt: DateInput, now: Date, locale?: string): string {
  const days = calendarDaysAgo(likedAt, now);
  if (days === 0) return TODAY;
  if (days === 1) return YESTERDAY;
  if (days < LIKED_DAYS_LIMIT) return `${days} days ago`;
  if (days < LIKED_WEEKS_LIMIT) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
  }
  return calendarDate(likedAt, locale);
}

/**
 * 'Xm ago', 'Xh ago', 'Xd ago' from elapsed time (not calendar days: 'Xh ago' matters more than midnight here),
 * and 'Just now' under a minute.
 */
export function relativeTime(date: DateInput, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - toDate(date).getTime());
  if (elapsed < MS_PER_MINUTE) return JUST_NOW;
  if (elapsed < MS_PER_HOUR) return `${Math.floor(elapsed / MS_PER_MINUTE)}m ago`;
  if (elapsed < MS_PER_DAY) return `${Math.floor(elapsed / MS_PER_HOUR)}h ago`;
  return `${Math.floor(elapsed / MS_PER_DAY)}d ago`;
}

/** Day separator text in a conversation: 'Today', 'Yesterday', else the date. */
export function dayLabel(date: DateInput, now: Date, locale?: string): string {
  const days = calendarDaysAgo(date, now);
  if (days === 0) return TODAY;
  if (days === 1) return YESTERDAY;
  return calendarDate(date, locale);
}

/** Whether two instants fall on the same local calendar day (where a message list puts a day separator). */
export function isSameDay(a: DateInput, b: DateInput): boolean {
  return startOfLocalDay(toDate(a)) === startOfLocalDay(toDate(b));
}
