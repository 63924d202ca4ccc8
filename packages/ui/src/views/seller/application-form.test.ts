import { describe, expect, it } from 'vitest';
import { ApiError } from '@autoreel/api-client';
import {
  APPLY_FAILED_MESSAGE,
  APPLY_OFFLINE_MESSAGE,
  FIX_ERRORS_MESSAGE,
  readSubmitFailure,
  validateApplication,
} from './application-form.ts';

describe('validateApplication', () => {
  it('needs a dealership name and a location from a dealer', () => {
    expect(validateApplication({ businessType: 'dealer', businessName: ' ', location: '' })).toEqual({
      dealerName: 'Dealership name is required',
      location: 'Location is required',
    });
    expect(
      validateApplication({ businessType: 'dealer', businessName: 'Mbabane Motors', location: 'Mbabane' }),
    ).toEqual({});
  });

  it('needs only a location from a private seller', () => {
    expect(validateApplication({ businessType: 'private', location: '  ' })).toEqual({
      location: 'Location is required',
    });
    expect(validateApplication({ businessType: 'private', location: 'Manzini, Eswatini' })).toEqual({});
  });

  it('applies the API limits too', () => {
    const errors = validateApplication({
      businessType: 'dealer',
      businessName: 'x'.repeat(101),
      location: 'Mbabane',
    });
    expect(errors).toEqual({ dealerName: 'Dealership name must be at most 100 characters' });
  });
});

describe('readSubmitFailure', () => {
  it('puts field errors under their inputs, businessName read as dealerName', () => {
    const error = new ApiError('Please fix the errors below.', 400, [
      { field: 'businessName', message: 'Dealership name is required' },
      { field: 'location', message: 'Location is required' },
      { field: 'location', message: 'second message for the same field is dropped' },
    ]);
    expect(readSubmitFailure(error)).toEqual({
      message: FIX_ERRORS_MESSAGE,
      fields: { dealerName: 'Dealership name is required', location: 'Location is required' },
    });
  });

  it("gives the server's reason, else the fallback, and the connection message offline", () => {
    const refused = ApiError.fromResponse(409, {
      success: false,
      error: 'You already have an application under review',
    });
    expect(readSubmitFailure(refused)).toEqual({
      message: 'You already have an application under review',
      fields: {},
    });
    expect(readSubmitFailure(ApiError.fromResponse(502, 'Bad gateway'))).toEqual({
      message: APPLY_FAILED_MESSAGE,
      fields: {},
    });
    expect(readSubmitFailure(ApiError.network(new TypeError('fetch failed')))).toEqual({
      message: APPLY_OFFLINE_MESSAGE,
      fields: {},
    });
    expect(readSubmitFailure(new Error('boom')).message).toBe(APPLY_FAILED_MESSAGE);
  });
});
