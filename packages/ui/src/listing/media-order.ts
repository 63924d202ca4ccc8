/**
 * The order of a listing's photos. The first photo is the cover: it fronts the car on cards and the feed, so
 * choosing a cover moves that photo first, and the order is the one the API stores (docs/add-car-wizard.md).
 */
export function movedItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list];
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const withCover = <T>(list: readonly T[], index: number): T[] => movedItem(list, index, 0);

/** '0:42', '12:05', '1:02:03': a video's length as players show it. */
export function durationLabel(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
