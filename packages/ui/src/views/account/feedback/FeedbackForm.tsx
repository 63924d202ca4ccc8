import { useId, useState, type FormEvent } from 'react';
import {
  FEEDBACK_CATEGORY_OPTIONS,
  FEEDBACK_FAILURE,
  FEEDBACK_SUCCESS_MESSAGE,
  NOT_RATED,
  feedbackCounter,
  validateFeedback,
  type FeedbackCategory,
  type FeedbackSubmitState,
} from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { cx } from '../../../kit/cx.ts';
import { TextField } from '../../../kit/TextField.tsx';
import { AlertIcon, CheckIcon } from '../../../kit/icons.tsx';
import type { SessionUser } from '../../../state/session.ts';
import { hasErrors } from '../../../platform/form-errors.ts';
import { useFormSubmit } from '../../../platform/useFormSubmit.ts';
import { RatingInput } from './RatingInput.tsx';
import { useSubmitFeedback } from '../../../accounts/useSubmitFeedback.ts';
import forms from '../../../kit/Form.module.css';
import styles from '../Account.module.css';

const FIELDS = ['category', 'name', 'email', 'subject', 'message', 'rating'] as const;

interface FeedbackFormState {
  category: FeedbackCategory | '';
  name: string;
  email: string;
  subject: string;
  message: string;
  rating: number;
  canContact: boolean;
}

function blankForm(user: SessionUser | null): FeedbackFormState {
  return {
    category: '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
    rating: NOT_RATED,
    canContact: true,
  };
}

/**
 * SPEC 5 'Feedback': category, name, email, subject and message are required, the rating is optional, and the
 * message counter reads 'n/500 characters' without enforcing it. Submitting goes idle, sending, then success or
 * error (SPEC 4); a failure keeps everything typed so it can be sent again.
 */
export function FeedbackForm({ user }: { user: SessionUser | null }) {
  const [form, setForm] = useState(() => blankForm(user));
  const [sent, setSent] = useState(false);
  const { errors, failure, pending, send, refuse } = useFormSubmit(useSubmitFeedback(), {
    fields: FIELDS,
    failure: { fallback: FEEDBACK_FAILURE.message },
    onSuccess: () => setSent(true),
  });
  // Field errors from the server go under their inputs; any other failure shows the SPEC's failure block.
  const state: FeedbackSubmitState = sent
    ? 'success'
    : pending
      ? 'sending'
      : failure !== null && !hasErrors(errors)
        ? 'error'
        : 'idle';
  const ids = useId();
  const set = <K extends keyof FeedbackFormState>(key: K, value: FeedbackFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFeedback(form);
    if (hasErrors(found)) return refuse(found);
    send({ ...form, category: form.category as FeedbackCategory });
  };

  if (state === 'success') {
    return (
      <section className={forms.result} role="status">
        <span className={cx(forms.resultIcon, forms.resultSuccess)} aria-hidden="true">
          <CheckIcon size={28} />
        </span>
        <h2 className={styles.sectionTitle}>{FEEDBACK_SUCCESS_MESSAGE}</h2>
        <p className={styles.muted}>
          Thank you. Our team reviews every submission within 48 hours
          {form.canContact ? ` and may reply to ${form.email.trim()}.` : '.'}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setForm(blankForm(user));
            setSent(false);
          }}
        >
          Send More Feedback
        </Button>
      </section>
    );
  }

  const sending = state === 'sending';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Send feedback">
      <div>
        <h2 className={styles.sectionTitle}>Send Feedback</h2>
        <p className={styles.muted}>Tell us what works, what does not, and what you would like to see.</p>
      </div>
      {state === 'error' ? (
        <div className={forms.failure} role="alert">
          <AlertIcon size={20} />
          <div>
            <p className={forms.failureTitle}>{FEEDBACK_FAILURE.title}</p>
            <p>{FEEDBACK_FAILURE.message}</p>
          </div>
        </div>
      ) : null}
      <div className={forms.field}>
        <label className={forms.fieldLabel} htmlFor={`${ids}-category`}>
          Category
        </label>
        <select
          id={`${ids}-category`}
          className={cx(forms.select, errors.category && forms.invalid)}
          value={form.category}
          onChange={(event) => set('category', event.target.value as FeedbackCategory | '')}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${ids}-category-error` : undefined}
        >
          <option value="">Choose a category</option>
          {FEEDBACK_CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {errors.category ? (
          <p id={`${ids}-category-error`} className={forms.error} role="alert">
            {errors.category}
          </p>
        ) : null}
      </div>
      <div className={styles.twoColumns}>
        <TextField
          label="Name"
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          autoComplete="name"
        />
        <TextField
          label="Email"
          type="email"
          value={form.email}
          onChange={(event) => set('email', event.target.value)}
          error={errors.email}
          autoComplete="email"
        />
      </div>
      <TextField
        label="Subject"
        value={form.subject}
        onChange={(event) => set('subject', event.target.value)}
        error={errors.subject}
      />
      <div className={forms.field}>
        <label className={forms.fieldLabel} htmlFor={`${ids}-message`}>
          Message
        </label>
        <textarea
          id={`${ids}-message`}
          className={cx(forms.textarea, errors.message && forms.invalid)}
          rows={6}
          value={form.message}
          onChange={(event) => set('message', event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${ids}-counter${errors.message ? ` ${ids}-message-error` : ''}`}
        />
        <p id={`${ids}-counter`} className={forms.counter}>
          {feedbackCounter(form.message)}
        </p>
        {errors.message ? (
          <p id={`${ids}-message-error`} className={forms.error} role="alert">
            {errors.message}
          </p>
        ) : null}
      </div>
      <RatingInput value={form.rating} onChange={(rating) => set('rating', rating)} />
      {errors.rating ? (
        <p className={forms.error} role="alert">
          {errors.rating}
        </p>
      ) : null}
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={form.canContact}
          onChange={(event) => set('canContact', event.target.checked)}
        />
        <span>You may contact me by email about this feedback</span>
      </label>
      <div className={forms.actions}>
        <Button type="submit" loading={sending}>
          {sending ? 'Sending...' : state === 'error' ? 'Try Again' : 'Submit Feedback'}
        </Button>
      </div>
    </form>
  );
}
