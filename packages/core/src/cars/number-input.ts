/** What a number field of a form holds: typed text, a number, or nothing yet. */
export type NumberInput = number | string | null | undefined;

/** Parses a number input: null for empty or not a number. Thousands separators typed as commas are ignored. */
export function parseNumberInput(value: NumberInput): number | null {
  if (value == null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}
