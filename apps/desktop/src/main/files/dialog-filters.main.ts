/** Extensions for the MIME families an `accept` list names; the system dialog filters by extension only. */
const FAMILY_EXTENSIONS: Record<string, string[]> = {
  'image/*': ['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'avif'],
  'video/*': ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', '3gp'],
};
const TYPE_EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov'],
  'video/webm': ['webm'],
  // The inventory's CSV import.
  'text/csv': ['csv'],
};

export interface DialogFilter {
  name: string;
  extensions: string[];
}

/** Turns an input element's `accept` ('video/*', 'image/png,.jpg') into the dialog's filters. */
export function dialogFiltersFor(accept: string | undefined): DialogFilter[] {
  const extensions = new Set<string>();
  for (const raw of (accept ?? '').split(',')) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    if (item.startsWith('.')) extensions.add(item.slice(1));
    for (const ext of FAMILY_EXTENSIONS[item] ?? TYPE_EXTENSIONS[item] ?? []) extensions.add(ext);
  }
  if (extensions.size === 0) return [{ name: 'All files', extensions: ['*'] }];
  const name = accept?.includes('video')
    ? 'Videos'
    : accept?.includes('image')
      ? 'Photos'
      : accept?.includes('csv')
        ? 'CSV files'
        : 'Files';
  return [{ name, extensions: [...extensions] }];
}
