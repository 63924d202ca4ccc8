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

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): in a name they reorder what is shown, so a right-to-
 * left override makes 'invoice\u202Efdp.exe' read 'invoiceexe.pdf'. Names never need them, so they are taken out.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
