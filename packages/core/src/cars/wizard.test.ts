import { describe, expect, it } from 'vitest';
import { NEW_CAR_DEFAULTS } from './car-options.ts';
import { DEFAULT_GENERATE_COLOUR } from './colours.ts';
import { DESCRIPTION_MIN_LENGTH, WIZARD_ERRORS } from './car.ts';
import { titledText } from '../text/index.ts';
import {
  MIN_DESCRIPTION_LENGTH,
  WIZARD_ALERTS,
  WIZARD_FAILURES,
  WIZARD_FIELDS,
  WIZARD_FIELD_STEPS,
  WIZARD_STEPS,
  advance,
  aiGeneratePrecondition,
  aiListingRequest,
  canSubmitDescription,
  carPayload,
  createWizardForm,
  isValidYear,
  modelAfterMakeChange,
  nextStep,
  parseNumberInput,
  prevStep,
  priceLabel,
  quickYears,
  stepName,
  uploadVideoFailedMessage,
  validateStep,
  validateSubmitDescription,
  validateVideo,
  validateWizard,
  yearRange,
} from './wizard.ts';
import type { WizardForm } from './wizard.ts';

const now = new Date(2026, 5, 1);
const complete: WizardForm = {
  video: { type: 'video/mp4' },
  make: 'Toyota',
  model: 'Hilux',
  year: 2022,
  exteriorColor: 'White',
  interiorColor: 'Black',
  condition: 'Used',
  price: '450000',
  mileage: '35000',
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
  description: 'Well kept double cab with full service history.',
  features: ['Tow bar', ' ', 'Bluetooth '],
  status: 'active',
};

describe('steps', () => {
  it('has 5 named steps', () => {
    expect(WIZARD_STEPS).toEqual(['Media', 'Basic Info', 'Pricing', 'Details', 'Features']);
    expect(stepName(1)).toBe('Media');
    expect(stepName(5)).toBe('Features');
  });

  it('moves between 1 and 5', () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(4)).toBe(5);
    expect(nextStep(5)).toBe(5);
    expect(prevStep(5)).toBe(4);
    expect(prevStep(2)).toBe(1);
    expect(prevStep(1)).toBe(1);
  });

  it('advances only when the step passes', () => {
    expect(advance(1, complete, now)).toMatchObject({ step: 2, valid: true });
    expect(advance(1, { ...complete, video: null }, now)).toMatchObject({
      step: 1,
      valid: false,
      alert: WIZARD_ALERTS.videoRequired,
    });
  });
});

describe('step 1: media', () => {
  it('requires a video', () => {
    expect(titledText(WIZARD_ALERTS.videoRequired)).toBe(
      'Video Required - Please add a video to showcase your car',
    );
    expect(validateVideo(null)).toBe(WIZARD_ALERTS.videoRequired);
    expect(validateVideo(undefined)).toBe(WIZARD_ALERTS.videoRequired);
  });

  it('requires a video/ type', () => {
    expect(titledText(WIZARD_ALERTS.invalidFileType)).toBe(
      'Invalid File Type - Please upload a video file (MP4, MOV, etc.)',
    );
    expect(validateVideo({ type: 'image/png' })).toBe(WIZARD_ALERTS.invalidFileType);
    expect(validateVideo({ type: '' })).toBe(WIZARD_ALERTS.invalidFileType);
    expect(validateVideo({})).toBe(WIZARD_ALERTS.invalidFileType);
    expect(validateVideo({ type: 'application/video/mp4' })).toBe(WIZARD_ALERTS.invalidFileType);
    expect(validateVideo({ type: 'video/quicktime' })).toBeNull();
    expect(validateVideo({ type: 'Video/MP4' })).toBeNull();
  });
});

describe('step 2: basic info', () => {
  it('passes a complete form', () => {
    expect(validateStep(2, complete, now)).toEqual({ valid: true, fieldErrors: {}, alert: null });
  });

  it('requires make, model, year and colours', () => {
    expect(validateStep(2, {}, now)).toEqual({
      valid: false,
      alert: null,
      fieldErrors: {
        make: 'Make is required',
        model: 'Model is required',
        year: 'Please enter a valid year',
        exteriorColor: 'Exterior colour is required',
        interiorColor: 'Interior colour is required',
      },
    });
    expect(validateStep(2, { ...complete, make: '  ' }, now).fieldErrors).toEqual({
      make: WIZARD_ERRORS.make,
    });
  });

  it('accepts years 1900 to next year', () => {
    expect(yearRange(now)).toEqual({ min: 1900, max: 2027 });
    expect(isValidYear(1899, now)).toBe(false);
    expect(isValidYear(1900, now)).toBe(true);
    expect(isValidYear(2027, now)).toBe(true);
    expect(isValidYear(2028, now)).toBe(false);
    expect(isValidYear('2027', now)).toBe(true);
    expect(isValidYear(2020.5, now)).toBe(false);
    expect(isValidYear('', now)).toBe(false);
    expect(validateStep(2, { ...complete, year: 1899 }, now).fieldErrors).toEqual({
      year: WIZARD_ERRORS.year,
    });
    expect(validateStep(2, { ...complete, year: 2028 }, now).fieldErrors).toEqual({
      year: WIZARD_ERRORS.year,
    });
  });

  it('offers the last 15 years', () => {
    const years = quickYears(now);
    expect(years).toHaveLength(15);
    expect(years[0]).toBe(2026);
    expect(years[14]).toBe(2012);
    expect(quickYears()[0]).toBe(new Date().getFullYear());
  });
});

describe('step 3: pricing', () => {
  it('takes an optional, non-negative price', () => {
    expect(validateStep(3, { ...complete, price: '' }, now).valid).toBe(true);
    expect(validateStep(3, { ...complete, price: 0 }, now).valid).toBe(true);
    expect(validateStep(3, { ...complete, price: -1 }, now).fieldErrors).toEqual({
      price: 'Price cannot be negative',
    });
  });

  it("reads 'Contact for price' for empty or 0", () => {
    expect(priceLabel('')).toBe('Contact for price');
    expect(priceLabel(0)).toBe('Contact for price');
    expect(priceLabel(null)).toBe('Contact for price');
    expect(priceLabel('abc')).toBe('Contact for price');
    expect(priceLabel('450000')).toBe('E450,000');
    expect(priceLabel(1, 'R')).toBe('R1');
  });
});

describe('step 4: details', () => {
  it('requires a non-negative mileage', () => {
    expect(validateStep(4, { ...complete, mileage: '' }, now).fieldErrors).toEqual({
      mileage: 'Mileage is required',
    });
    expect(validateStep(4, { ...complete, mileage: 'many' }, now).fieldErrors).toEqual({
      mileage: WIZARD_ERRORS.mileage,
    });
    expect(validateStep(4, { ...complete, mileage: -1 }, now).fieldErrors).toEqual({
      mileage: 'Mileage cannot be negative',
    });
    expect(validateStep(4, { ...complete, mileage: 0 }, now).valid).toBe(true);
  });

  it('takes blank seats, or a whole number from 1 to 16, and sends them only when given', () => {
    expect(validateStep(4, { ...complete, seats: '' }, now).valid).toBe(true);
    expect(validateStep(4, { ...complete, seats: '7' }, now).valid).toBe(true);
    for (const seats of ['0', '17', '5.5', 'many', -1]) {
      expect(validateStep(4, { ...complete, seats }, now).fieldErrors, String(seats)).toEqual({
        seats: WIZARD_ERRORS.seats,
      });
    }
    expect(WIZARD_FIELD_STEPS.seats).toBe(4);
    expect(carPayload({ ...complete, seats: '7' }).seats).toBe(7);
    expect('seats' in carPayload({ ...complete, seats: '' })).toBe(false);
  });

  it('requires a description of at least 20 trimmed characters', () => {
    expect(MIN_DESCRIPTION_LENGTH).toBe(20);
    expect(validateStep(4, { ...complete, description: '   ' }, now).fieldErrors).toEqual({
      description: 'Description is required',
    });
    expect(validateStep(4, { ...complete, description: ` ${'x'.repeat(19)} ` }, now).fieldErrors).toEqual({
      description: 'Description must be at least 20 characters long for a quality listing',
    });
    expect(validateStep(4, { ...complete, description: 'x'.repeat(20) }, now).valid).toBe(true);
  });

  it('enables submit from 20 trimmed characters', () => {
    expect(canSubmitDescription('x'.repeat(19))).toBe(false);
    expect(canSubmitDescription(`  ${'x'.repeat(19)}  `)).toBe(false);
    expect(canSubmitDescription('x'.repeat(20))).toBe(true);
    expect(canSubmitDescription(null)).toBe(false);
  });
});

describe('step 5 and final submit', () => {
  it('has nothing required on the features step', () => {
    expect(validateStep(5, {}, now).valid).toBe(true);
  });

  it('checks empty and under 10 characters on submit', () => {
    expect(DESCRIPTION_MIN_LENGTH).toBe(10);
    expect(validateSubmitDescription('')).toBe(WIZARD_ALERTS.descriptionRequired);
    expect(validateSubmitDescription(undefined)).toBe(WIZARD_ALERTS.descriptionRequired);
    expect(validateSubmitDescription(' '.repeat(12))).toBe(WIZARD_ALERTS.descriptionRequired);
    expect(validateSubmitDescription('x'.repeat(9))).toBe(WIZARD_ALERTS.descriptionTooShort);
    expect(validateSubmitDescription('x'.repeat(10))).toBeNull();
    expect(WIZARD_ALERTS.descriptionRequired.title).toBe('Description Required');
    expect(WIZARD_ALERTS.descriptionTooShort.title).toBe('Description Too Short');
  });

  it('validates the whole form and names the first failing step', () => {
    expect(validateWizard(complete, now)).toEqual({ valid: true });
    expect(validateWizard({ ...complete, video: null }, now)).toMatchObject({ valid: false, step: 1 });
    expect(validateWizard({ ...complete, year: 1800 }, now)).toMatchObject({ valid: false, step: 2 });
    expect(validateWizard({ ...complete, price: -5 }, now)).toMatchObject({ valid: false, step: 3 });
    expect(validateWizard({ ...complete, description: 'short' }, now)).toEqual({
      valid: false,
      step: 4,
      fieldErrors: {},
      alert: WIZARD_ALERTS.descriptionTooShort,
    });
    expect(validateWizard({ ...complete, description: 'x'.repeat(15) }, now)).toMatchObject({
      valid: false,
      step: 4,
      fieldErrors: { description: WIZARD_ERRORS.descriptionShort },
    });
  });
});

describe('make, AI and payloads', () => {
  it('clears a model that does not belong to the new make', () => {
    expect(modelAfterMakeChange('Toyota', 'Hilux', ['Corolla', 'Hilux'])).toBe('Hilux');
    expect(modelAfterMakeChange('Toyota', 'hilux', ['Corolla', 'Hilux'])).toBe('hilux');
    expect(modelAfterMakeChange('BMW', 'Hilux', ['X5', 'M3'])).toBe('');
    expect(modelAfterMakeChange('BMW', '', ['X5'])).toBe('');
    expect(modelAfterMakeChange('BMW', null, ['X5'])).toBe('');
  });

  it('needs make, model and year before AI generation', () => {
    expect(titledText(WIZARD_ALERTS.missingInformation)).toBe(
      'Missing Information - Please fill in make, model, and year first',
    );
    expect(aiGeneratePrecondition(complete)).toBeNull();
    expect(aiGeneratePrecondition({ ...complete, make: '' })).toBe(WIZARD_ALERTS.missingInformation);
    expect(aiGeneratePrecondition({ ...complete, model: ' ' })).toBe(WIZARD_ALERTS.missingInformation);
    expect(aiGeneratePrecondition({ ...complete, year: '' })).toBe(WIZARD_ALERTS.missingInformation);
    expect(aiGeneratePrecondition({ ...complete, year: 0 })).toBe(WIZARD_ALERTS.missingInformation);
  });

  it('pins the failure texts', () => {
    expect(titledText(WIZARD_ALERTS.aiGenerationFailed)).toBe(
      'AI Generation Failed - Failed to generate AI listing. Please try again.',
    );
    expect(WIZARD_FAILURES).toEqual({
      createFailed: 'Failed to create car listing',
      updateMediaFailed: 'Failed to update car with media',
      addCarFallback: 'Failed to add car. Please try again.',
    });
    expect(uploadVideoFailedMessage('timeout')).toBe('Failed to upload video: timeout');
  });

  it('builds the AI request with defaults', () => {
    expect(aiListingRequest({ make: 'Mazda', model: 'CX-5', year: '2021' })).toEqual({
      make: 'Mazda',
      model: 'CX-5',
      year: 2021,
      mileage: 0,
      condition: 'Used',
      color: DEFAULT_GENERATE_COLOUR,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
    });
    expect(DEFAULT_GENERATE_COLOUR).toBe('Black');
    expect(aiListingRequest(complete).color).toBe('White');
    expect(aiListingRequest({}).year).toBe(0);
  });

  it('starts a form with the defaults', () => {
    const form = createWizardForm();
    expect(form).toMatchObject(NEW_CAR_DEFAULTS);
    expect(validateStep(1, form, now).valid).toBe(false);
  });

  it('builds the create payload', () => {
    expect(carPayload(complete)).toEqual({
      make: 'Toyota',
      model: 'Hilux',
      year: 2022,
      price: 450000,
      mileage: 35000,
      fuelType: 'Diesel',
      transmission: 'Manual',
      bodyType: 'Truck',
      color: 'White',
      exteriorColor: 'White',
      interiorColor: 'Black',
      description: 'Well kept double cab with full service history.',
      features: ['Tow bar', 'Bluetooth'],
      condition: 'Used',
      status: 'active',
    });
    expect(carPayload({})).toMatchObject({ price: 0, year: 0, mileage: 0, features: [], status: 'active' });
  });

  it('parses number inputs', () => {
    expect(parseNumberInput('1,200')).toBe(1200);
    expect(parseNumberInput(' ')).toBeNull();
    expect(parseNumberInput(Number.NaN)).toBeNull();
    expect(parseNumberInput(undefined)).toBeNull();
  });
});

describe('WIZARD_FIELD_STEPS', () => {
  it('names, for every input, the step whose check reports it', () => {
    const blank = { ...createWizardForm(), price: -1, mileage: -1, seats: 0 };
    const reported = new Map<string, number>();
    for (const step of [2, 3, 4] as const) {
      for (const field of Object.keys(validateStep(step, blank, new Date()).fieldErrors))
        reported.set(field, step);
    }
    expect(Object.fromEntries(reported)).toEqual(WIZARD_FIELD_STEPS);
    expect([...WIZARD_FIELDS].sort()).toEqual([...reported.keys()].sort());
  });
});
