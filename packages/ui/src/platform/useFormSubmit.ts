import { useCallback, useState } from 'react';
import { useToast, type ToastInput } from '../kit/Toast.tsx';
import {
  readFormFailure,
  type FieldErrors,
  type FormFailure,
  type FormFailureOptions,
} from './form-errors.ts';

/** The part of a React Query mutation a form sends through. */
export interface FormMutation<B, R> {
  mutate: (body: B, callbacks: { onSuccess: (answer: R) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

export interface FormSubmitOptions<F extends string, R> {
  /** The inputs the form shows: the API's field errors for others are not put under any. */
  fields: readonly F[];
  /** How a failed send reads (form-errors.ts), or the form's own reading of it. */
  failure: FormFailureOptions<F> | ((error: unknown) => FormFailure<F>);
  /** The toast a successful send shows, if any. */
  success?: ToastInput | ((answer: R) => ToastInput);
  onSuccess?: (answer: R) => void;
  /** After the failure is shown: e.g. focus the first wrong input, or reload what the refusal made stale. */
  onFailure?: (failure: FormFailure<F>, error: unknown) => void;
}

export interface FormSubmit<F extends string, B> {
  /** Shown under the inputs they belong to. */
  errors: FieldErrors<F>;
  /** The one line about the form as a whole, or null. */
  failure: string | null;
  pending: boolean;
  /** Sends a body the form has checked; field errors and the failure line are cleared first. */
  send: (body: B) => void;
  /** The form's own check failed: these errors (and a line, if the form words one) instead of a send. */
  refuse: (errors: FieldErrors<F>, failure?: string | null) => void;
  /** An input changed: its error goes. */
  clearError: (field: F) => void;
}

/**
 * The submit-and-errors flow every form shares: the form checks its input and either refuses (errors under the
 * inputs) or sends; the answer toasts and moves on, a failure puts the API's field errors under their inputs and
 * says what else went wrong in one line. Sending again while a send runs does nothing.
 */
export function useFormSubmit<F extends string, B, R>(
  mutation: FormMutation<B, R>,
  { fields, failure: reading, success, onSuccess, onFailure }: FormSubmitOptions<F, R>,
): FormSubmit<F, B> {
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const refuse = useCallback((found: FieldErrors<F>, line: string | null = null) => {
    setErrors(found);
    setFailure(line);
  }, []);

  const clearError = useCallback(
    (field: F) =>
      setErrors((current) => {
        if (current[field] === undefined) return current;
        const next = { ...current };
        delete next[field];
        return next;
      }),
    [],
  );

  const send = (body: B) => {
    if (mutation.isPending) return;
    setErrors({});
    setFailure(null);
    mutation.mutate(body, {
      onSuccess: (answer) => {
        if (success) toast(typeof success === 'function' ? success(answer) : success);
        onSuccess?.(answer);
      },
      onError: (error) => {
        const read = typeof reading === 'function' ? reading(error) : readFormFailure(error, fields, reading);
        setErrors(read.fields);
        setFailure(read.message);
        onFailure?.(read, error);
      },
    });
  };

  return { errors, failure, pending: mutation.isPending, send, refuse, clearError };
}
