import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { decodeCarCursor, encodeCarCursor, isUuid } from './car-cursor.ts';

const id = '0b7c8a52-2f7e-4c4e-9d0b-0a6f0f3c9e11';

describe('car cursors', () => {
  it('round-trip the sort key and id', () => {
    const cursor = encodeCarCursor('price-low', { key: '250000', id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCarCursor(cursor, 'price-low')).toEqual({ key: '250000', id });
  });

  it('refuse garbage, another sort, and keys that are not integers', () => {
    const bad = [
      'not base64 at all!',
      Buffer.from('"just a string"').toString('base64url'),
      encodeCarCursor('newest', { key: '2026-01-01', id }),
      encodeCarCursor('mileage', { key: '10', id: 'x' }),
      encodeCarCursor('mileage', { key: '99999999999', id }),
    ];
    for (const cursor of bad) {
      expect(() =>
        decodeCarCursor(cursor, cursor === bad[3] || cursor === bad[4] ? 'mileage' : 'newest'),
      ).toThrow(AppError);
    }
    expect(() => decodeCarCursor(encodeCarCursor('newest', { key: '1', id }), 'price-low')).toThrow(
      /another sort/,
    );
  });

  it('recognise UUIDs', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid('123')).toBe(false);
  });
});
