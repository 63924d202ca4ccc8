import { describe, expect, it } from 'vitest';
import { TEST_DRIVE_TIMES } from './contact-dealer-catalogue.ts';

describe('TEST_DRIVE_TIMES', () => {
  it('offers half hours from 08:00 to 17:30', () => {
    expect(TEST_DRIVE_TIMES[0]).toBe('08:00');
    expect(TEST_DRIVE_TIMES[1]).toBe('08:30');
    expect(TEST_DRIVE_TIMES.at(-1)).toBe('17:30');
    expect(TEST_DRIVE_TIMES).toHaveLength(20);
  });
});
