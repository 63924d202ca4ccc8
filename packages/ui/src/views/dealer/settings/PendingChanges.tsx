import { useState, type FormEvent } from 'react';
import { OtpSchema } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { TextField } from '../../../kit/TextField.tsx';
import { useToast } from '../../../kit/Toast.tsx';
import { useUpdateProfile, type DealerSettingsProfile } from '../../../dealers/dealer-api.ts';
import { readFormFailure } from '../../../platform/form-errors.ts';
import dashboard from '../Dashboard.module.css';
import styles from './Settings.module.css';

export const PENDING_MESSAGES = {
  codeSent: 'Code sent to the new number',
  nameAwaitsReview: 'Name change awaits review',
  codeLabel: 'Code sent to the new number',
  phoneChanged: 'Phone number changed',
  confirmFailed: 'Could not confirm the new number',
} as const;

/**
 * What a dealer asked for that does not show yet (docs/SECURITY.md): a new phone waits for the code sent to it,
 * a verified dealership's new name for the moderation desk. Buyers see the old ones meanwhile.
 */
export function PendingChanges({ profile }: { profile: DealerSettingsProfile }) {
  const { pendingName, pendingPhone } = profile;
  if (!pendingName && !pendingPhone) return null;
  return (
    <>
      {pendingPhone ? <PhoneCodeForm profile={profile} pendingPhone={pendingPhone} /> : null}
      {pendingName ? (
        <div className={dashboard.notice} role="status" aria-label={PENDING_MESSAGES.nameAwaitsReview}>
          <div>
            <strong>{PENDING_MESSAGES.nameAwaitsReview}</strong>
            Your new name “{pendingName}” shows once our team has reviewed it. Until then buyers see “
            {profile.name}”.
          </div>
        </div>
      ) : null}
    </>
  );
}

function PhoneCodeForm({ profile, pendingPhone }: { profile: DealerSettingsProfile; pendingPhone: string }) {
  const toast = useToast();
  const update = useUpdateProfile();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = OtpSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the code');
      return;
    }
    // Awaited rather than given callbacks: a confirmed phone unmounts this form, and mutate's own callbacks are
    // dropped once their component is gone.
    update.mutateAsync({ phoneCode: parsed.data }).then(
      () => toast({ title: PENDING_MESSAGES.phoneChanged, tone: 'success' }),
      (failure: unknown) => {
        const read = readFormFailure(failure, ['phoneCode'] as const, {
          fallback: `${PENDING_MESSAGES.confirmFailed}: please try again`,
          prefix: PENDING_MESSAGES.confirmFailed,
        });
        setError(read.fields.phoneCode ?? read.message);
      },
    );
  };

  return (
    <form
      className={`${dashboard.notice} ${styles.form}`}
      onSubmit={submit}
      noValidate
      aria-label={PENDING_MESSAGES.codeSent}
    >
      <div>
        <strong>{PENDING_MESSAGES.codeSent}</strong>
        We sent a code to {pendingPhone}. Enter it to make it your phone; until then buyers see{' '}
        {profile.phone ?? 'no phone'}.
      </div>
      <TextField
        label={PENDING_MESSAGES.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
      />
      <div className={dashboard.row}>
        <Button type="submit" size="sm" loading={update.isPending}>
          Confirm phone
        </Button>
      </div>
    </form>
  );
}
