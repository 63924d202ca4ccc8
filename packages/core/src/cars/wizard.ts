/**
 * Add-car wizard rules (SPEC 2 'Dealer dashboard', SPEC 4 'Car status and add-car wizard', SPEC 5 'Add-car
 * wizard', SPEC 8 'Uploads and listings', SPEC 9 'Wizard and display').
 *
 * Which fields each of the five steps holds, and so validates on Next:
 * 1 Media: the video (required, video/*); photos are optional.
 * 2 Basic Info: make, model, year, exterior and interior colour, condition: what identifies the car.
 * 3 Pricing: the price, optional ('Contact for price' when empty or 0) but never negative.
 * 4 Details: mileage, fuel type, transmission, body type and the description; the description sits last
 *   because AI generation needs the specs above it.
 * 5 Features: catalogue and custom features; nothing is required.
 */
import { MIN_CAR_YEAR, NEW_CAR_DEFAULTS, QUICK_YEAR_COUNT, maxCarYear } from './car-options.ts';
import { DEFAULT_GENERATE_COLOUR } from './colours.ts';
import { DESCRIPTION_MIN_LENGTH, DESCRIPTION_SUBMIT_ERRORS, SeatsSchema, WIZARD_ERRORS } from './car.ts';
import { CONTACT_FOR_PRICE, displayPrice } from '../money/index.ts';
import { cleanFeatures } from './feature-list.ts';
import type { PricedCar } from '../money/index.ts';
import type { TitledMessage } from '../text/index.ts';
import { parseNumberInput, type NumberInput } from './number-input.ts';

export { parseNumberInput } from './number-input.ts';

export const WIZARD_STEPS = ['Media', 'Basic Info', 'Pricing', 'Details', 'Features'] as const;
export type WizardStepName = (typeof WIZARD_STEPS)[number];
export type WizardStep = 1 | 2 | 3 | 4 | 5;
export const FIRST_WIZARD_STEP: WizardStep = 1;
export const LAST_WIZARD_STEP: WizardStep = 5;

/**
 * Checked on the Details step's Next and disables Submit (SPEC 5). The softer check made once more on final
 * submit is the API's own rule, DESCRIPTION_MIN_LENGTH (10).
 */
export const MIN_DESCRIPTION_LENGTH = 20;

export const WIZARD_ALERTS = {
  videoRequired: { title: 'Video Required', message: 'Please add a video to showcase your car' },
  invalidFileType: { title: 'Invalid File Type', message: 'Please upload a video file (MP4, MOV, etc.)' },
  missingInformation: { title: 'Missing Information', message: 'Please fill in make, model, and year first' },
  aiGenerationFailed: {
    title: 'AI Generation Failed',
    message: 'Failed to generate AI listing. Please try again.',
  },
  descriptionRequired: {
    title: DESCRIPTION_SUBMIT_ERRORS.required,
    message: 'Please add a description of your car.',
  },
  descriptionTooShort: {
    title: DESCRIPTION_SUBMIT_ERRORS.tooShort,
    message: `Description must be at least ${DESCRIPTION_MIN_LENGTH} characters long.`,
  },
} as const satisfies Record<string, TitledMessage>;

/** Failure texts of the creation sequence (SPEC 8 'Uploads and listings'). */
export const WIZARD_FAILURES = {
  createFailed: 'Failed to create car listing',
  updateMediaFailed: 'Failed to update car with media',
  addCarFallback: 'Failed to add car. Please try again.',
} as const;

export function uploadVideoFailedMessage(reason: string): string {
  return `Failed to upload video: ${reason}`;
}

export interface WizardVideo {
  type?: string | null;
}

export interface WizardForm {
  video?: WizardVideo | null;
  make?: string | null;
  model?: string | null;
  year?: NumberInput;
  exteriorColor?: string | null;
  interiorColor?: string | null;
  condition?: string | null;
  price?: NumberInput;
  mileage?: NumberInput;
  /** Optional: blank sends none, and the listing takes the model's usual seats. */
  seats?: NumberInput;
  fuelType?: string | null;
  transmission?: string | null;
  bodyType?: string | null;
  description?: string | null;
  features?: (string | null | undefined)[] | null;
  status?: string | null;
}

export type WizardField =
  | 'make'
  | 'model'
  | 'year'
  | 'exteriorColor'
  | 'interiorColor'
  | 'price'
  | 'mileage'
  | 'seats'
  | 'description';

/** The step that shows each input, so a field error from the server can take the seller back to it. */
export const WIZARD_FIELD_STEPS: Readonly<Record<WizardField, WizardStep>> = {
  make: 2,
  model: 2,
  year: 2,
  exteriorColor: 2,
  interiorColor: 2,
  price: 3,
  mileage: 4,
  seats: 4,
  description: 4,
};
export const WIZARD_FIELDS = Object.keys(WIZARD_FIELD_STEPS) as WizardField[];

export interface StepValidation {
  valid: boolean;
  /** Messages shown under the inputs. */
  fieldErrors: Partial<Record<WizardField, string>>;
  /** A dialog to show instead (step 1's video checks and the final description checks). */
  alert: TitledMessage | null;
}

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

export function yearRange(now: Date): { min: number; max: number } {
  return { min: MIN_CAR_YEAR, max: maxCarYear(now) };
}

/** The quick year choices: this year and the 14 before it, newest first. */
export function quickYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: QUICK_YEAR_COUNT }, (_, i) => year - i);
}

export function isValidYear(year: NumberInput, now: Date): boolean {
  const n = parseNumberInput(year);
  const { min, max } = yearRange(now);
  return n !== null && Number.isInteger(n) && n >= min && n <= max;
}

/** The submit button is enabled from 20 trimmed characters. */
export function canSubmitDescription(description: string | null | undefined): boolean {
  return text(description).length >= MIN_DESCRIPTION_LENGTH;
}

/** Price text in the wizard: empty or 0 reads 'Contact for price', else as on the card. */
export function priceLabel(price: NumberInput, currency?: PricedCar['currency']): string {
  const n = parseNumberInput(price);
  if (n === null || n <= 0) return CONTACT_FOR_PRICE;
  return displayPrice({ price: n, currency: currency ?? null });
}

/** Step 1: a video must be chosen and its type must start with video/. */
export function validateVideo(video: WizardVideo | null | undefined): TitledMessage | null {
  if (!video) return WIZARD_ALERTS.videoRequired;
  if (!(video.type ?? '').toLowerCase().startsWith('video/')) return WIZARD_ALERTS.invalidFileType;
  return null;
}

function result(
  fieldErrors: StepValidation['fieldErrors'],
  alert: TitledMessage | null = null,
): StepValidation {
  return { valid: alert === null && Object.keys(fieldErrors).length === 0, fieldErrors, alert };
}

function validateBasicInfo(form: WizardForm, now: Date): StepValidation['fieldErrors'] {
  const errors: StepValidation['fieldErrors'] = {};
  if (!text(form.make)) errors.make = WIZARD_ERRORS.make;
  if (!text(form.model)) errors.model = WIZARD_ERRORS.model;
  if (!isValidYear(form.year, now)) errors.year = WIZARD_ERRORS.year;
  if (!text(form.exteriorColor)) errors.exteriorColor = WIZARD_ERRORS.exteriorColor;
  if (!text(form.interiorColor)) errors.interiorColor = WIZARD_ERRORS.interiorColor;
  return errors;
}

function validatePricing(form: WizardForm): StepValidation['fieldErrors'] {
  const price = parseNumberInput(form.price);
  return price !== null && price < 0 ? { price: WIZARD_ERRORS.price } : {};
}

function validateDetails(form: WizardForm): StepValidation['fieldErrors'] {
  const errors: StepValidation['fieldErrors'] = {};
  const mileage = parseNumberInput(form.mileage);
  if (mileage === null) errors.mileage = WIZARD_ERRORS.mileage;
  else if (mileage < 0) errors.mileage = WIZARD_ERRORS.mileageNegative;
  const seats = parseNumberInput(form.seats);
  const blankSeats = seats === null && String(form.seats ?? '').trim() === '';
  if (!blankSeats && !SeatsSchema.safeParse(seats).success) errors.seats = WIZARD_ERRORS.seats;
  const description = text(form.description);
  if (description === '') errors.description = WIZARD_ERRORS.description;
  else if (description.length < MIN_DESCRIPTION_LENGTH) errors.description = WIZARD_ERRORS.descriptionShort;
  return errors;
}

/** The check Next makes for the current step. */
export function validateStep(step: WizardStep, form: WizardForm, now: Date): StepValidation {
  switch (step) {
    case 1:
      return result({}, validateVideo(form.video));
    case 2:
      return result(validateBasicInfo(form, now));
    case 3:
      return result(validatePricing(form));
    case 4:
      return result(validateDetails(form));
    case 5:
      return result({});
  }
}

/** The final submit's own description check: empty, then under 10 trimmed characters. */
export function validateSubmitDescription(description: string | null | undefined): TitledMessage | null {
  const trimmed = text(description);
  if (trimmed === '') return WIZARD_ALERTS.descriptionRequired;
  if (trimmed.length < DESCRIPTION_MIN_LENGTH) return WIZARD_ALERTS.descriptionTooShort;
  return null;
}

/**
 * Everything checked again on submit, since a draft may have been restored or edited out of order. Returns the
 * first failing step so the wizard can go back to it; on the Details step the submit-time description dialog
 * comes before the field errors.
 */
export function validateWizard(
  form: WizardForm,
  now: Date,
): { valid: true } | ({ valid: false; step: WizardStep } & StepValidation) {
  for (const step of [1, 2, 3, 4, 5] as const) {
    const descriptionAlert = step === 4 ? validateSubmitDescription(form.description) : null;
    if (descriptionAlert) return { valid: false, step, fieldErrors: {}, alert: descriptionAlert };
    const check = validateStep(step, form, now);
    if (!check.valid) return { ...check, valid: false, step };
  }
  return { valid: true };
}

export function nextStep(step: WizardStep): WizardStep {
  return Math.min(step + 1, LAST_WIZARD_STEP) as WizardStep;
}

/** Back goes down to step 1 and no further. */
export function prevStep(step: WizardStep): WizardStep {
  return Math.max(step - 1, FIRST_WIZARD_STEP) as WizardStep;
}

/** Next advances only when the current step passes. */
export function advance(
  step: WizardStep,
  form: WizardForm,
  now: Date,
): { step: WizardStep } & StepValidation {
  const check = validateStep(step, form, now);
  return { ...check, step: check.valid ? nextStep(step) : step };
}

export function stepName(step: WizardStep): WizardStepName {
  return WIZARD_STEPS[step - 1] as WizardStepName;
}

/**
 * The model kept after a make is chosen: unchanged when it belongs to the new make's models (any case),
 * else cleared.
 */
export function modelAfterMakeChange(
  _make: string,
  model: string | null | undefined,
  modelsOfMake: readonly string[],
): string {
  const current = text(model);
  if (current === '') return '';
  return modelsOfMake.some((m) => m.toLowerCase() === current.toLowerCase()) ? current : '';
}

/** AI generation needs make, model and a year. */
export function aiGeneratePrecondition(form: WizardForm): TitledMessage | null {
  const year = parseNumberInput(form.year);
  if (!text(form.make) || !text(form.model) || year === null || year <= 0)
    return WIZARD_ALERTS.missingInformation;
  return null;
}

export interface WizardAiListingRequest {
  make: string;
  model: string;
  year: number;
  mileage: number;
  condition: string;
  color: string;
  fuelType: string;
  transmission: string;
  bodyType: string;
}

/** The generate-listing request body (SPEC 7), with the wizard defaults for unset choices. */
export function aiListingRequest(form: WizardForm): WizardAiListingRequest {
  return {
    make: text(form.make),
    model: text(form.model),
    year: parseNumberInput(form.year) ?? 0,
    mileage: parseNumberInput(form.mileage) ?? 0,
    condition: text(form.condition) || NEW_CAR_DEFAULTS.condition,
    color: text(form.exteriorColor) || DEFAULT_GENERATE_COLOUR,
    fuelType: text(form.fuelType) || NEW_CAR_DEFAULTS.fuelType,
    transmission: text(form.transmission) || NEW_CAR_DEFAULTS.transmission,
    bodyType: text(form.bodyType) || NEW_CAR_DEFAULTS.bodyType,
  };
}

/** A fresh form, also used by Add Another Car. */
export function createWizardForm(): WizardForm {
  return {
    video: null,
    make: '',
    model: '',
    year: '',
    exteriorColor: '',
    interiorColor: '',
    condition: NEW_CAR_DEFAULTS.condition,
    price: '',
    mileage: '',
    seats: '',
    fuelType: NEW_CAR_DEFAULTS.fuelType,
    transmission: NEW_CAR_DEFAULTS.transmission,
    bodyType: NEW_CAR_DEFAULTS.bodyType,
    description: '',
    features: [],
    status: NEW_CAR_DEFAULTS.status,
  };
}

export interface WizardCarPayload {
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  seats?: number;
  fuelType: string;
  transmission: string;
  bodyType: string;
  color: string;
  exteriorColor: string;
  interiorColor: string;
  description: string;
  features: string[];
  condition: string;
  status: string;
}

/**
 * The POST /cars body from a validated form. An empty price is sent as 0, which every display reads as
 * 'Contact for price'; color repeats the exterior colour for clients that read only color.
 */
export function carPayload(form: WizardForm): WizardCarPayload {
  const exteriorColor = text(form.exteriorColor);
  const seats = parseNumberInput(form.seats);
  return {
    ...(seats === null ? {} : { seats }),
    make: text(form.make),
    model: text(form.model),
    year: parseNumberInput(form.year) ?? 0,
    price: Math.max(0, parseNumberInput(form.price) ?? 0),
    mileage: parseNumberInput(form.mileage) ?? 0,
    fuelType: text(form.fuelType) || NEW_CAR_DEFAULTS.fuelType,
    transmission: text(form.transmission) || NEW_CAR_DEFAULTS.transmission,
    bodyType: text(form.bodyType) || NEW_CAR_DEFAULTS.bodyType,
    color: exteriorColor,
    exteriorColor,
    interiorColor: text(form.interiorColor),
    description: text(form.description),
    features: cleanFeatures(form.features),
    condition: text(form.condition) || NEW_CAR_DEFAULTS.condition,
    status: text(form.status) || NEW_CAR_DEFAULTS.status,
  };
}
