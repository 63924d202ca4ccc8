import { ApiError } from '@autoreel/api-client';
import { issueFieldErrors } from './form-errors.ts';

/** A route's body schema as core's contract holds it (zod, which carries its input type in '~standard'). */
interface BodySchema<Input> {
  safeParse(body: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  '~standard': { types?: { input: Input } };
}

/**
 * A form's body checked against its route's schema before it is sent, and sent as the form gave it (the API applies
 * the schema's defaults itself). A value outside the contract fails here with the field's message, as the API's
 * 400 would give it, and never leaves the device.
 */
export function checkedBody<Input>(schema: BodySchema<Input>, body: unknown): Input {
  const checked = schema.safeParse(body);
  if (checked.success) return body as Input;
  const errors = issueFieldErrors(checked.error ?? { issues: [] });
  throw new ApiError(errors[0]?.message ?? 'Invalid request', 400, errors);
}
