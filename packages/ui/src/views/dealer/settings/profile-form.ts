import { DealerProfileUpdateBodySchema, type DealerProfileUpdateBody } from '@autoreel/core';
import type { DealerSettingsProfile } from '../../../dealers/dealer-api.ts';
import { schemaFieldErrors, type FieldErrors } from '../../../platform/form-errors.ts';

export const PROFILE_FIELDS = ['name', 'email', 'phone', 'location', 'businessLicense'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;

export const PROFILE_LABELS: Readonly<Record<ProfileField, string>> = {
  name: 'Dealership name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  businessLicense: 'Business license',
};

/**
 * Fields a dealership cannot leave empty: buyers see its name, call its phone and visit its location. Email and
 * business license may be cleared.
 */
const REQUIRED: readonly ProfileField[] = ['name', 'phone', 'location'];

export function profileFormFor(profile: DealerSettingsProfile): ProfileForm {
  return {
    name: profile.name,
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    location: profile.location ?? '',
    businessLicense: profile.businessLicense ?? '',
  };
}

/**
 * The API's rules (core's DealerProfileUpdateBodySchema: email format, international phone, lengths) plus the
 * required fields. Answers the body for PUT /dealers/profile/me, or the message to show under each field.
 */
export function validateProfile(
  form: ProfileForm,
):
  | { body: DealerProfileUpdateBody; errors?: undefined }
  | { body?: undefined; errors: FieldErrors<ProfileField> } {
  const errors: FieldErrors<ProfileField> = {};
  for (const field of REQUIRED) {
    if (form[field].trim() === '') errors[field] = `${PROFILE_LABELS[field]} is required`;
  }
  const parsed = DealerProfileUpdateBodySchema.safeParse(form);
  if (!parsed.success) {
    const schemaErrors = schemaFieldErrors(parsed.error, PROFILE_FIELDS);
    for (const field of PROFILE_FIELDS) errors[field] ??= schemaErrors[field];
  }
  if (Object.values(errors).some(Boolean) || !parsed.success) return { errors };
  return { body: parsed.data };
}
