/** Wizard feature list and custom catalogue entries (SPEC 5 'Add-car wizard'). */

export const FEATURE_REQUIRED = 'Please enter a feature';
export const FEATURE_DUPLICATE = 'This feature has already been added';

export interface ListEdit {
  list: string[];
  error?: string;
}

function includesIgnoringCase(list: readonly string[], value: string): boolean {
  const needle = value.toLowerCase();
  return list.some((item) => item.trim().toLowerCase() === needle);
}

/** Adds a manually typed feature: trimmed, non-empty and not already there in any letter case. */
export function addFeature(list: readonly string[], value: string): ListEdit {
  const feature = value.trim();
  if (feature === '') return { list: [...list], error: FEATURE_REQUIRED };
  if (includesIgnoringCase(list, feature)) return { list: [...list], error: FEATURE_DUPLICATE };
  return { list: [...list, feature] };
}

/** Toggles a catalogue feature chip on or off. */
export function toggleFeature(list: readonly string[], feature: string): string[] {
  return list.includes(feature) ? list.filter((item) => item !== feature) : [...list, feature];
}

/** The features sent on submit: trimmed, blanks removed. */
export function cleanFeatures(list: readonly (string | null | undefined)[] | null | undefined): string[] {
  return (list ?? []).map((item) => (item ?? '').trim()).filter((item) => item !== '');
}

export interface CustomOptionEdit {
  options: string[];
  /** The value to select: the new entry, or the existing one it duplicates. */
  selected: string | null;
  error?: string;
}

/** 'Make cannot be empty' / 'Model cannot be empty'. */
export function customOptionRequired(label: string): string {
  return `${label} cannot be empty`;
}

/**
 * Adds a custom make or model. It must be non-empty; an entry that already exists in another letter case is
 * selected rather than added twice.
 */
export function addCustomOption(
  options: readonly string[],
  value: string,
  label = 'Value',
): CustomOptionEdit {
  const option = value.trim();
  if (option === '') return { options: [...options], selected: null, error: customOptionRequired(label) };
  const existing = options.find((item) => item.toLowerCase() === option.toLowerCase());
  if (existing !== undefined) return { options: [...options], selected: existing };
  return { options: [...options, option], selected: option };
}
