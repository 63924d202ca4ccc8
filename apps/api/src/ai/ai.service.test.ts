import { describe, expect, it } from 'vitest';
import { medianPrice, mileageBand } from './ai.service.ts';

describe('market price', () => {
  it('is the middle price, or the mean of the two middle ones', () => {
    expect(medianPrice([])).toBeNull();
    expect(medianPrice([300, 100, 200])).toBe(200);
    expect(medianPrice([100, 200, 300, 1_000])).toBe(250);
    expect(medianPrice([100, 101])).toBe(101);
  });

  it('compares cars within mileage bands', () => {
    expect(mileageBand(0).label).toBe('under 30,000 km');
    expect(mileageBand(29_999).max).toBe(30_000);
    expect(mileageBand(30_000).min).toBe(30_000);
    expect(mileageBand(149_999).max).toBe(150_000);
    expect(mileageBand(150_000).max).toBeNull();
    expect(mileageBand(900_000).label).toBe('over 150,000 km');
  });
});
