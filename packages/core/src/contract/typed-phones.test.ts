import { describe, expect, it } from 'vitest';
import { CountryPhoneSchema } from '../accounts/index.ts';
import { DealerProfileUpdateBodySchema } from '../dealers/index.ts';

// The subjects' schemas that take a typed phone all read it through shared's normalisePhone; the contract sees them
// all, so the check that none of them forgot it sits here.
describe('typed phones across subjects', () => {
  it('lets every schema that takes a typed phone accept the spaced forms', () => {
    for (const typed of ['+268 7600 0002', '+268-7600-0002', '00268 7600 0002']) {
      expect(DealerProfileUpdateBodySchema.parse({ phone: typed }).phone).toBe('+26876000002');
      expect(CountryPhoneSchema.parse(typed)).toBe('+26876000002');
    }
  });
});
