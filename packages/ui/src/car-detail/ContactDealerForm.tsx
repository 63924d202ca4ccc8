import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  contactTitleFor,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  SCHEDULE_TEST_DRIVE_TITLE,
  SENDING_LABEL,
  TEST_DRIVE_TIMES,
  carTitle,
  chatReceiverId,
  composeContactMessage,
  contactCard,
  contactStartMessage,
  dateInputValue,
  inferMessageType,
  validateContactDealer,
  type ContactDealerErrors,
  type ContactDealerInput,
  type ContactPurpose,
  type MessageContact,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { Button } from '../kit/Button.tsx';
import { cx } from '../kit/cx.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { AlertIcon, CheckIcon } from '../kit/icons.tsx';
import { TextAreaField, TextField } from '../kit/TextField.tsx';
import { messagingKeys, sendMessage } from '../messaging/queries.ts';
import { useStartChat } from '../messaging/useStartChat.ts';
import { useSession } from '../state/session.ts';
import { localId } from '../messaging/outgoing-files.ts';
import type { DetailCar } from '../cars/car-queries.ts';
import { isPrivateListing, sellerNameOf } from './detail-car.ts';
import forms from '../kit/Form.module.css';
import styles from './ContactDealerForm.module.css';

type SubmitState = 'idle' | 'sending' | 'success' | 'error';

export interface ContactDealerFormProps {
  car: DetailCar;
  carId: string;
  /** An enquiry (Contact Dealer) or a test-drive request (Schedule Test Drive): the same form, other words. */
  purpose: ContactPurpose;
  onClose: () => void;
}

/**
 * SPEC 2's Contact Dealer form modal. It reaches the seller as an in-app message about the car (POST
 * /messages/send with the car as context), so the reply arrives in the buyer's Messages. Name, phone and email
 * start from the account and are written under the message so the seller can also call back; a test drive adds
 * the preferred day and time. Sending goes idle, sending, then success or error; a failure keeps everything typed.
 */
export function ContactDealerForm({ car, carId, purpose, onClose }: ContactDealerFormProps) {
  const user = useSession((s) => s.user);
  const [form, setForm] = useState<ContactDealerInput>(() => ({
    purpose,
    name: user?.name ?? '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
    message: contactStartMessage(purpose, car),
    date: '',
    time: '',
  }));
  const [errors, setErrors] = useState<ContactDealerErrors>({});
  const [attempt, setAttempt] = useState(0);
  const send = useContactSend(car, carId);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const testDrive = purpose === 'test-drive';
  const title = testDrive ? SCHEDULE_TEST_DRIVE_TITLE : contactTitleFor(isPrivateListing(car));
  const seller = sellerNameOf(car) ?? 'The seller';
  const set = (key: keyof ContactDealerInput, value: string) => setForm((f) => ({ ...f, [key]: value }));

  // After a refused submit, focus goes to the first field to fix, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const state: SubmitState = send.isPending
    ? 'sending'
    : send.isSuccess
      ? 'success'
      : send.isError
        ? 'error'
        : 'idle';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validateContactDealer(form, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    send.mutate({ text: composeContactMessage(form), contact: contactCard(form) });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={`About the ${carTitle(car) || 'car'}. ${seller} gets your message and replies in your Messages.`}
    >
      {state === 'success' ? (
        <Sent car={car} carId={carId} seller={seller} testDrive={testDrive} onClose={onClose} />
      ) : (
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={title}>
          {state === 'error' ? (
            <div className={forms.failure} role="alert">
              <AlertIcon size={20} />
              <div>
                <p className={forms.failureTitle}>Your message was not sent</p>
                <p>{send.error?.message || 'Please try again.'}</p>
              </div>
            </div>
          ) : null}
          <TextField
            label="Name"
            value={form.name ?? ''}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX_LENGTH}
          />
          <TextField
            label="Phone"
            type="tel"
            value={form.phone ?? ''}
            onChange={(e) => set('phone', e.target.value)}
            error={errors.phone}
            hint="With the country code, e.g. +268 7612 3456"
            autoComplete="tel"
          />
          <TextField
            label="Email (optional)"
            type="email"
            value={form.email ?? ''}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
            autoComplete="email"
          />
          {testDrive ? (
            <div className={styles.dayAndTime}>
              <TextField
                label="Preferred date"
                type="date"
                min={dateInputValue(new Date())}
                value={form.date ?? ''}
                onChange={(e) => set('date', e.target.value)}
                error={errors.date}
              />
              <div className={forms.field}>
                <label className={forms.fieldLabel} htmlFor={`${ids}-time`}>
                  Preferred time
                </label>
                <select
                  id={`${ids}-time`}
                  className={cx(forms.select, errors.time && forms.invalid)}
                  value={form.time ?? ''}
                  onChange={(e) => set('time', e.target.value)}
                  aria-invalid={errors.time ? true : undefined}
                  aria-describedby={errors.time ? `${ids}-time-error` : undefined}
                >
                  <option value="">Choose a time</option>
                  {TEST_DRIVE_TIMES.map((time) => (
                    <option key={time} value={time}>
                      {time}
                    </option>
                  ))}
                </select>
                {errors.time ? (
                  <p id={`${ids}-time-error`} className={forms.error} role="alert">
                    {errors.time}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
          <TextAreaField
            label="Message"
            rows={4}
            value={form.message ?? ''}
            onChange={(e) => set('message', e.target.value)}
            error={errors.message}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            hint={
              testDrive
                ? 'Your preferred day and time, name, phone and email go with it as a contact card.'
                : 'Your name, phone and email go with it as a contact card.'
            }
          />
          <Button type="submit" fullWidth loading={state === 'sending'}>
            {state === 'sending' ? SENDING_LABEL : state === 'error' ? 'Try Again' : 'Send Message'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

/**
 * The send: one text message to the car's dealer (else its seller) with the car as context. A retry of the same
 * text reuses its Idempotency-Key, so a send whose answer was lost is not stored twice.
 */
function useContactSend(car: DetailCar, carId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const key = useRef<{ text: string; id: string } | null>(null);
  return useMutation({
    mutationFn: ({ text, contact }: { text: string; contact: MessageContact }) => {
      const receiverId = chatReceiverId({ dealerId: car.dealerId, sellerId: car.sellerId, id: carId });
      if (receiverId === null) throw new Error('This listing has no seller to contact.');
      // The same words and card again are a retry: they reuse the key.
      const sameSend = JSON.stringify({ text, contact });
      if (key.current?.text !== sameSend) key.current = { text: sameSend, id: localId('contact') };
      return sendMessage(
        client,
        {
          receiverId,
          message: text,
          carId,
          messageType: inferMessageType(text, []),
          contactMethod: 'in_app',
          contact,
        },
        key.current.id,
      );
    },
    onError: (error) => console.warn('Contact Dealer message could not be sent', error),
    // The new conversation shows in Messages, and the unread count of the other side is theirs to fetch.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}

function Sent({
  car,
  carId,
  seller,
  testDrive,
  onClose,
}: {
  car: DetailCar;
  carId: string;
  seller: string;
  testDrive: boolean;
  onClose: () => void;
}) {
  const startChat = useStartChat();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: the outcome takes it, and a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={forms.result} role="status" aria-labelledby={headingId}>
      <span className={cx(forms.resultIcon, forms.resultSuccess)} aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.resultTitle}>
        {testDrive ? 'Test drive request sent' : 'Message sent'}
      </h3>
      <p className={styles.muted}>{seller} will reply in your Messages, where this conversation is kept.</p>
      <div className={styles.resultActions}>
        <Button
          onClick={() => {
            onClose();
            startChat({ id: carId, dealerId: car.dealerId ?? null, sellerId: car.sellerId ?? null });
          }}
        >
          Open conversation
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </section>
  );
}
