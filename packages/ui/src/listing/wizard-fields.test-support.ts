import { freshFields, type WizardFields } from './wizard-fields.ts';

/** A wizard filled in the way a dealer would, valid at every step; overrides change what a test is about. */
export function filledWizardFields(overrides: Partial<WizardFields> = {}): WizardFields {
  return {
    ...freshFields(),
    make: 'Toyota',
    model: 'Hilux',
    year: '2021',
    exteriorColor: 'White',
    interiorColor: 'Grey',
    price: '450000',
    mileage: '45000',
    description: 'One careful owner, full service history at Toyota.',
    features: ['Bluetooth'],
    ...overrides,
  };
}
