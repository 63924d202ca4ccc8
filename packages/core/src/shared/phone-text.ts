/**
 * A typed number as the schemas check it: spaces, dashes, dots and brackets dropped, and a leading 00 read as +,
 * so '+268 7600-0002' and '00268 (7600) 0002' are the same +26876000002. Anything else is left for the check to
 * refuse. Kept apart from phone.ts so the schemas every screen loads do not bring libphonenumber's metadata along.
 */
export function normalisePhone(typed: string): string {
  const compact = typed.trim().replace(/[\s\-.()]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}
