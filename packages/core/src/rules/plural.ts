/**
 * English counts: '1 view', '2 views', '1,204 views'. Every count the product shows goes through here, so no
 * screen says '1 views'. Irregular words pass their plural ('1 reply', '3 replies').
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${pluralWord(count, singular, plural)}`;
}

/** The word alone, for sentences that place the number themselves ('3 of 12 favorites'). */
export function pluralWord(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}
