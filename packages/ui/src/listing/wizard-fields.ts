import {
  FIRST_WIZARD_STEP,
  LAST_WIZARD_STEP,
  SELECTABLE_FEATURES,
  WIZARD_BODY_TYPES,
  addCustomOption,
  addFeature,
  createWizardForm,
  modelAfterMakeChange,
  modelNamesFor,
  typicalBodyType,
  type ListEdit,
  type WizardForm,
  type WizardStep,
  type WizardVideo,
} from '@autoreel/core';

/**
 * Everything the seller typed or chose, as strings the inputs hold. This is what a draft keeps; the picked
 * video and photos are files and live beside it (see wizard-media.ts).
 */
export interface WizardFields {
  make: string;
  model: string;
  year: string;
  exteriorColor: string;
  interiorColor: string;
  condition: string;
  price: string;
  mileage: string;
  /** Blank: the listing takes the model's usual seats. */
  seats: string;
  fuelType: string;
  transmission: string;
  bodyType: string;
  description: string;
  features: string[];
  /** Makes the seller added that the catalogue lacks, so the chip stays offered after choosing another make. */
  customMakes: string[];
  /** Custom models by make name. */
  customModels: Record<string, string[]>;
}

export interface WizardDraft {
  version: 1;
  step: WizardStep;
  fields: WizardFields;
}

const asText = (value: string | number | null | undefined): string => (value == null ? '' : String(value));

export function freshFields(): WizardFields {
  const form = createWizardForm();
  return {
    make: asText(form.make),
    model: asText(form.model),
    year: asText(form.year),
    exteriorColor: asText(form.exteriorColor),
    interiorColor: asText(form.interiorColor),
    condition: asText(form.condition),
    price: asText(form.price),
    mileage: asText(form.mileage),
    seats: asText(form.seats),
    fuelType: asText(form.fuelType),
    transmission: asText(form.transmission),
    bodyType: asText(form.bodyType),
    description: asText(form.description),
    features: [],
    customMakes: [],
    customModels: {},
  };
}

/** The core rules' view of the form. */
export function toWizardForm(fields: WizardFields, video: WizardVideo | null): WizardForm {
  return { ...fields, video };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function isStep(value: unknown): value is WizardStep {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= FIRST_WIZARD_STEP &&
    value <= LAST_WIZARD_STEP
  );
}

/**
 * Reads a stored draft defensively: it may come from an older version of the app or have been edited by hand, so
 * each field falls back to the fresh form's value rather than failing the whole restore.
 */
export function readDraft(raw: unknown): WizardDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (record['version'] !== 1 || typeof record['fields'] !== 'object' || record['fields'] === null)
    return null;
  const stored = record['fields'] as Record<string, unknown>;
  const fields = freshFields();
  for (const key of Object.keys(fields) as (keyof WizardFields)[]) {
    const value = stored[key];
    if (key === 'features' || key === 'customMakes') fields[key] = stringList(value);
    else if (key === 'customModels') {
      const models = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
      fields.customModels = Object.fromEntries(
        Object.entries(models).map(([make, list]) => [make, stringList(list)]),
      );
    } else if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
  }
  return { version: 1, step: isStep(record['step']) ? record['step'] : FIRST_WIZARD_STEP, fields };
}

/** A draft worth keeping: anything other than the untouched fresh form. */
export function hasContent(fields: WizardFields): boolean {
  return JSON.stringify(fields) !== JSON.stringify(freshFields());
}

/** The models offered for a make: the catalogue's, then the seller's own for that make. */
export function modelsFor(fields: Pick<WizardFields, 'customModels'>, make: string): string[] {
  const custom = fields.customModels[make] ?? [];
  const catalogue = modelNamesFor(make);
  return [
    ...catalogue,
    ...custom.filter((model) => !catalogue.some((m) => m.toLowerCase() === model.toLowerCase())),
  ];
}

/** SPEC 4: choosing a make resets the model list and clears a model that does not belong to it. */
export function chooseMake(fields: WizardFields, make: string): WizardFields {
  return { ...fields, make, model: modelAfterMakeChange(make, fields.model, modelsFor(fields, make)) };
}

/**
 * Chooses a model. A catalogue model also sets the body type to the one it usually has (a Hilux is not a Sedan),
 * when the wizard offers it; the seller can still change it on the Details step, which comes later.
 */
export function chooseModel(fields: WizardFields, model: string): WizardFields {
  const body = typicalBodyType(fields.make, model);
  const offered = body !== undefined && (WIZARD_BODY_TYPES as readonly string[]).includes(body);
  return { ...fields, model, ...(offered ? { bodyType: body } : {}) };
}

export interface CustomEdit {
  fields: WizardFields;
  error?: string;
}

/** Adds a make the catalogue lacks (or selects the one it duplicates) and chooses it. */
export function addCustomMake(fields: WizardFields, allMakes: readonly string[], value: string): CustomEdit {
  const edit = addCustomOption(allMakes, value, 'Make');
  if (edit.error || edit.selected === null) return { fields, error: edit.error };
  const customMakes = allMakes.includes(edit.selected)
    ? fields.customMakes
    : [...fields.customMakes, edit.selected];
  return { fields: chooseMake({ ...fields, customMakes }, edit.selected) };
}

/** Adds a model to the chosen make (or selects the one it duplicates) and chooses it. */
export function addCustomModel(fields: WizardFields, value: string): CustomEdit {
  const offered = modelsFor(fields, fields.make);
  const edit = addCustomOption(offered, value, 'Model');
  if (edit.error || edit.selected === null) return { fields, error: edit.error };
  const own = fields.customModels[fields.make] ?? [];
  const customModels = offered.includes(edit.selected)
    ? fields.customModels
    : { ...fields.customModels, [fields.make]: [...own, edit.selected] };
  return { fields: { ...fields, customModels, model: edit.selected } };
}

/**
 * Adds a typed feature: trimmed, non-empty and not already chosen in any letter case. A name that matches a
 * catalogue feature selects that chip, so 'bluetooth' and 'Bluetooth' never both end up on the listing.
 */
export function addTypedFeature(features: readonly string[], value: string): ListEdit {
  const catalogue = SELECTABLE_FEATURES.find((name) => name.toLowerCase() === value.trim().toLowerCase());
  return addFeature(features, catalogue ?? value);
}

/** Merges suggested features into the chosen ones, skipping any already there in another letter case. */
export function mergeFeatures(features: readonly string[], suggested: readonly string[]): string[] {
  let list = [...features];
  for (const feature of suggested) {
    const edit = addTypedFeature(list, feature);
    if (!edit.error) list = edit.list;
  }
  return list;
}
