import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@autoreel/api-client';
import type { DealerApplication, SellerType } from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useFormSubmit } from '../../platform/useFormSubmit.ts';
import {
  APPLICATION_FIELDS,
  FIX_ERRORS_MESSAGE,
  hasErrors,
  readSubmitFailure,
  validateApplication,
  type ApplicationField,
  type ApplicationFieldErrors,
} from './application-form.ts';
import { useApplyAsSeller, useReloadApplication } from '../../dealers/useSellerApplication.ts';
import styles from './Seller.module.css';

export interface SellerApplicationFormProps {
  userId: string;
  businessType: SellerType;
  onSubmitted: (application: DealerApplication) => void;
}

const COPY: Record<SellerType, { intro: string; submit: string }> = {
  dealer: {
    intro:
      'Tell us about your dealership. An administrator reviews every application; once approved you can list cars ' +
      'and manage them from your dashboard.',
    submit: 'Submit Application',
  },
  private: {
    intro:
      'Selling your own car? Register in one step and list it straight away. Your listings are marked Private Seller.',
    submit: 'Register as Private Seller',
  },
};

/**
 * The 'Become a Dealer' and 'Sell Privately' forms (SPEC 5): the same checks as the API before sending, then the
 * server's field errors under the inputs they name, with 'Please fix the errors below.' above the form.
 */
export function SellerApplicationForm({ userId, businessType, onSubmitted }: SellerApplicationFormProps) {
  const reloadStatus = useReloadApplication(userId);
  const [dealerName, setDealerName] = useState('');
  const [location, setLocation] = useState('');
  const inputs = useRef<Partial<Record<ApplicationField, HTMLInputElement | null>>>({});
  const dealer = businessType === 'dealer';

  const focusFirstError = (fields: ApplicationFieldErrors) => {
    const first = APPLICATION_FIELDS.find((field) => fields[field]);
    if (first) inputs.current[first]?.focus();
  };
  const {
    errors: fieldErrors,
    failure: message,
    pending,
    send,
    refuse,
    clearError,
  } = useFormSubmit(useApplyAsSeller(userId), {
    fields: APPLICATION_FIELDS,
    failure: readSubmitFailure,
    onSuccess: onSubmitted,
    onFailure: (failure, error) => {
      focusFirstError(failure.fields);
      // 403 (rejected meanwhile) and 409 (already applied, already a seller): the status on screen is out of date.
      if (error instanceof ApiError && (error.status === 403 || error.status === 409)) void reloadStatus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = dealer ? { businessType, businessName: dealerName, location } : { businessType, location };
    const errors = validateApplication(input);
    if (hasErrors(errors)) {
      refuse(errors, FIX_ERRORS_MESSAGE);
      focusFirstError(errors);
      return;
    }
    send(input);
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={dealer ? 'Dealer application' : 'Private seller registration'}
    >
      <p className={styles.intro}>{COPY[businessType].intro}</p>
      {message ? (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      ) : null}
      {dealer ? (
        <TextField
          label="Dealership Name"
          name="dealerName"
          autoComplete="organization"
          required
          maxLength={100}
          value={dealerName}
          error={fieldErrors.dealerName}
          ref={(node) => {
            inputs.current.dealerName = node;
          }}
          onChange={(event) => {
            setDealerName(event.target.value);
            clearError('dealerName');
          }}
        />
      ) : null}
      <TextField
        label="Location"
        name="location"
        autoComplete="address-level2"
        required
        maxLength={200}
        placeholder={dealer ? 'e.g. Mbabane, Eswatini' : 'City and country'}
        hint={dealer ? 'Where buyers can find the dealership: city and country' : 'city and country'}
        value={location}
        error={fieldErrors.location}
        ref={(node) => {
          inputs.current.location = node;
        }}
        onChange={(event) => {
          setLocation(event.target.value);
          clearError('location');
        }}
      />
      <Button type="submit" fullWidth loading={pending}>
        {COPY[businessType].submit}
      </Button>
    </form>
  );
}
