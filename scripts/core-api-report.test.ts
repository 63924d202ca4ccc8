import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCoreApiReport, REPORT_PATH } from './core-api-report.ts';

describe("core's public exports", () => {
  it('match the reviewed report (packages/core/api-report.md)', () => {
    const checkedIn = readFileSync(REPORT_PATH, 'utf8');
    const fresh = generateCoreApiReport();
    // A failure here means core's exports changed: review the difference, then `npm run api-report` rewrites it.
    expect(fresh, 'core exports changed: review, then run `npm run api-report`').toBe(checkedIn);
  });
});
