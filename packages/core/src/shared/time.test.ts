import { describe, expect, it } from 'vitest';
import {
  JUST_NOW,
  TODAY,
  YESTERDAY,
  calendarDaysAgo,
  dayLabel,
  isSameDay,
  likedAtLabel,
  relativeTime,
  calendarDate,
  dayOfMonth,
} from './time.ts';

// Local-time constructors keep the tests independent of the machine's zone.
const now = new Date(2026, 2, 15, 10, 30, 0);
const daysBefore = (days: number, hour = 12) => new Date(2026, 2, 15 - days, hour, 0, 0);

describe('likedAtLabel', () => {
  it('says Today for the same calendar day, even earlier at midnight', () => {
    expect(TODAY).toBe('Today');
    expect(likedAtLabel(new Date(2026, 2, 15, 0, 0, 0), now)).toBe('Today');
    expect(likedAtLabel(now, now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, even a minute before midnight', () => {
    expect(YESTERDAY).toBe('Yesterday');
    expect(likedAtLabel(new Date(2026, 2, 14, 23, 59), now)).toBe('Yesterday');
    expect(likedAtLabel(new Date(2026, 2, 14, 0, 0), now)).toBe('Yesterday');
  });

  it('counts days from 2 to 6', () => {
    expect(likedAtLabel(daysBefore(2), now)).toBe('2 days ago');
    expect(likedAtLabel(daysBefore(6), now)).toBe('6 days ago');
  });

  it('counts weeks from 7 to 29 days', () => {
    expect(likedAtLabel(daysBefore(7), now)).toBe('1 week ago');
    expect(likedAtLabel(daysBefore(13), now)).toBe('1 week ago');
    expect(likedAtLabel(daysBefore(14), now)).toBe('2 weeks ago');
    expect(likedAtLabel(daysBefore(29), now)).toBe('4 weeks ago');
  });

  it('shows a date from 30 days', () => {
    expect(likedAtLabel(daysBefore(30), now, 'en-GB')).toBe('13 Feb 2026');
    expect(likedAtLabel(new Date(2025, 11, 1), now, 'en-US')).toBe('Dec 1, 2025');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(likedAtLabel(daysBefore(2).toISOString(), now)).toBe('2 days ago');
    expect(likedAtLabel(daysBefore(1).getTime(), now)).toBe('Yesterday');
  });

  it('treats a future date as today', () => {
    expect(likedAtLabel(new Date(2026, 2, 16), now)).toBe('Today');
  });
});

describe('relativeTime', () => {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("says 'Just now' under one minute", () => {
    expect(JUST_NOW).toBe('Just now');
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60_000), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000 + 59_999), now)).toBe('59m ago');
    expect(relativeTime(ago(3_600_000), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3_600_000 + 3_599_999), now)).toBe('23h ago');
    expect(relativeTime(ago(86_400_000), now)).toBe('1d ago');
    expect(relativeTime(ago(40 * 86_400_000), now)).toBe('40d ago');
  });
});

describe('dayLabel', () => {
  it('labels today, yesterday and older days', () => {
    expect(dayLabel(new Date(2026, 2, 15, 8), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 2, 14, 8), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 2, 13, 23, 59), now, 'en-GB')).toBe('13 Mar 2026');
  });
});

describe('helpers', () => {
  it('counts calendar days and compares days', () => {
    expect(calendarDaysAgo(new Date(2026, 1, 28, 23), new Date(2026, 2, 1, 1))).toBe(1);
    expect(calendarDaysAgo(new Date(2026, 2, 20), now)).toBe(0);
    expect(isSameDay(new Date(2026, 2, 15, 0), new Date(2026, 2, 15, 23, 59))).toBe(true);
    expect(isSameDay(new Date(2026, 2, 14, 23, 59), new Date(2026, 2, 15, 0))).toBe(false);
  });

  it("writes every date one way, in the viewer's locale, with the month in words", () => {
    expect(calendarDate(new Date(2026, 0, 5), 'en-GB')).toBe('5 Jan 2026');
    expect(calendarDate(new Date(2026, 0, 5), 'en-US')).toBe('Jan 5, 2026');
    expect(calendarDate('2026-11-25T09:00:00', 'en-ZA')).toBe('25 Nov 2026');
    expect(calendarDate('not a date')).toBe('');
    expect(dayOfMonth('2026-11-03T00:00:00Z', 'en-US', 'UTC')).toBe('Nov 3');
    expect(dayOfMonth('2026-11-03T00:00:00Z', 'en-GB', 'UTC')).toBe('3 Nov');
  });
});
