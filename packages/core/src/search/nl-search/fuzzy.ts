/** String distance for typo-tolerant matching of makes, models and search words. */

/**
 * Damerau-Levenshtein distance in its optimal-string-alignment form: insertions, deletions, substitutions and
 * swaps of two neighbouring letters each cost 1 ('mercedez' -> 'mercedes' is 1, 'hybird' -> 'hybrid' is 1).
 * Stops early and answers `limit + 1` once the distance must exceed `limit`, which keeps scanning a catalogue
 * for every word of a query cheap.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = current;
  }
  return prev[cols - 1]!;
}

/**
 * How many typos a word of this length may carry and still be recognised. Short words get none: with four
 * letters or fewer almost every word is one edit away from some other word ('ford'/'form', 'kia'/'kit').
 */
export function typoAllowance(length: number): number {
  if (length < 5) return 0;
  if (length < 8) return 1;
  return 2;
}

/** Lower case, letters and digits only: 'Land Cruiser', 'land-cruiser' and 'landcruiser' compare equal. */
export function compact(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}
