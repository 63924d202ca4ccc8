import { describe, expect, it } from 'vitest';
import { dialogFiltersFor } from './dialog-filters.main.ts';

describe('dialogFiltersFor', () => {
  it('offers CSV files for the inventory’s import, by extension or by type', () => {
    expect(dialogFiltersFor('.csv,text/csv')).toEqual([{ name: 'CSV files', extensions: ['csv'] }]);
    expect(dialogFiltersFor('text/csv')).toEqual([{ name: 'CSV files', extensions: ['csv'] }]);
  });

  it('keeps videos, photos and anything', () => {
    expect(dialogFiltersFor('video/*')[0]!.name).toBe('Videos');
    expect(dialogFiltersFor('image/png,.jpg')).toEqual([{ name: 'Photos', extensions: ['png', 'jpg'] }]);
    expect(dialogFiltersFor(undefined)).toEqual([{ name: 'All files', extensions: ['*'] }]);
  });
});
