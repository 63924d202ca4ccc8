const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** A value written into a double-quoted HTML attribute by hand (the first visit's head tags), escaped. */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}
