import { invalidInput } from '../errors.ts';

/**
 * Postgres text cannot hold the NUL character: storing one fails inside the driver, which would surface as a 500.
 * Free text from clients is checked first, so such input is the client's 400 and nothing is stored.
 */
export function assertStorableText(fields: Record<string, string | null | undefined>): void {
  const errors = Object.entries(fields)
    .filter(([, value]) => value?.includes('\u0000'))
    .map(([field]) => ({ field, message: 'Contains characters that are not allowed' }));
  if (errors.length > 0) throw invalidInput(errors[0]?.message ?? 'Invalid text', errors);
}
