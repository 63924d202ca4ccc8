import { ApiError } from '@autoreel/api-client';

interface BodySchema<T> {
  safeParse(
    body: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A form's body checked against its route's schema before it is sent: a value outside the contract fails here with
 * the field's message, as the API's 400 would give it, and never leaves the device.
 */
export function checkedBody<T>(schema: BodySchema<T>, body: unknown): T {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  const errors = checked.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ApiError(errors[0]?.message ?? 'Invalid request', 400, errors);
}
