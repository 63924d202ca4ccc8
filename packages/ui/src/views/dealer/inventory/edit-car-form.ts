import {
  DescriptionSchema,
  MileageSchema,
  PriceSchema,
  WIZARD_ERRORS,
  type CarStatus,
  type CarUpdateBody,
} from '@autoreel/core';
import type { FieldErrors, ParseIssues } from '../../../platform/form-errors.ts';
import type { DealerCar } from '../../../dealers/dealer-api.ts';

/** The fields the inventory's edit dialog changes, as typed. */
export interface EditCarForm {
  price: string;
  mileage: string;
  description: string;
  status: CarStatus;
}
export const EDIT_CAR_FIELDS = ['price', 'mileage', 'description', 'status'] as const;
export type EditCarField = (typeof EDIT_CAR_FIELDS)[number];

export function editFormFor(car: DealerCar): EditCarForm {
  return {
    price: car.price ? String(car.price) : '',
    mileage: String(car.mileage),
    description: car.description,
    status: car.status,
  };
}

/** A NaN fails the number schemas with their 'must be a number' message; a real number gets the range message. */
function firstMessage(error: ParseIssues, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

/** '450,000' and '450 000' are the same number; anything else that is not a number stays NaN. */
function parseAmount(text: string): number {
  const plain = text.replace(/[\s,]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}

/**
 * The same rules as the wizard and PUT /cars/{id} (core schemas): price optional (empty means 'Contact for price'),
 * mileage required and not negative, description required. Answers the body to send, or the errors to show.
 */
export function validateEditCar(
  form: EditCarForm,
): { body: CarUpdateBody; errors?: undefined } | { body?: undefined; errors: FieldErrors<EditCarField> } {
  const errors: FieldErrors<EditCarField> = {};
  let price: number | null = null;
  if (form.price.trim() !== '') {
    const parsed = PriceSchema.safeParse(parseAmount(form.price));
    if (parsed.success) price = parsed.data;
    else errors.price = firstMessage(parsed.error, WIZARD_ERRORS.price);
  }
  const mileage = form.mileage.trim() === '' ? undefined : parseAmount(form.mileage);
  const mileageResult = MileageSchema.safeParse(mileage);
  if (!mileageResult.success) {
    errors.mileage = firstMessage(mileageResult.error, WIZARD_ERRORS.mileage);
  }
  const description = DescriptionSchema.safeParse(form.description);
  if (!description.success) errors.description = firstMessage(description.error, WIZARD_ERRORS.description);
  if (Object.keys(errors).length > 0 || !mileageResult.success || !description.success) return { errors };
  return { body: { price, mileage: mileageResult.data, description: description.data, status: form.status } };
}
