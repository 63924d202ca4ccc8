/**
 * A file's size for people: '1.2 MB' from a megabyte up, '340 KB' below it (never '0.0 MB' for a small file), and
 * at least '1 KB'.
 */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
