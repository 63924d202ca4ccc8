import { useState, type FormEvent } from 'react';
import { WEEKDAYS, WEEKDAY_LABELS } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { ShieldIcon } from '../../../kit/icons.tsx';
import { Spinner } from '../../../kit/Spinner.tsx';
import { TextField } from '../../../kit/TextField.tsx';
import dashboard from '../Dashboard.module.css';
import {
  useDealerProfile,
  useUpdateProfile,
  type DealerSettingsProfile,
} from '../../../dealers/dealer-api.ts';
import { DealerQueryError } from '../DealerQueryError.tsx';
import { useFormSubmit } from '../../../platform/useFormSubmit.ts';
import {
  PROFILE_FIELDS,
  PROFILE_LABELS,
  profileFormFor,
  validateProfile,
  type ProfileField,
  type ProfileForm,
} from './profile-form.ts';
import { PendingChanges } from './PendingChanges.tsx';
import styles from './Settings.module.css';

/** SPEC 8 dealer settings messages. */
export const SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load dealer profile',
  saveFailed: 'Failed to save settings',
  saved: 'Settings saved successfully!',
} as const;

const INPUT_TYPES: Partial<Record<ProfileField, string>> = { email: 'email', phone: 'tel' };
const HINTS: Partial<Record<ProfileField, string>> = {
  phone: 'International format, e.g. +26876123456',
  businessLicense: 'Needed for the document check (1-2 days) behind the Verified Dealer badge.',
};

function ProfileDetails({ profile }: { profile: DealerSettingsProfile }) {
  return (
    <dl className={styles.details}>
      {PROFILE_FIELDS.map((field) => (
        <div key={field} className={styles.detail}>
          <dt>{PROFILE_LABELS[field]}</dt>
          <dd>
            {profile[field]?.trim() ? profile[field] : <span className={dashboard.muted}>Not set</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileEditor({ profile, onDone }: { profile: DealerSettingsProfile; onDone: () => void }) {
  const [form, setForm] = useState<ProfileForm>(() => profileFormFor(profile));
  const { errors, failure, pending, send, refuse, clearError } = useFormSubmit(useUpdateProfile(), {
    fields: PROFILE_FIELDS,
    failure: {
      fallback: `${SETTINGS_MESSAGES.saveFailed}: please try again`,
      prefix: SETTINGS_MESSAGES.saveFailed,
    },
    success: { title: SETTINGS_MESSAGES.saved, tone: 'success' },
    onSuccess: onDone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateProfile(form);
    if (!result.body) return refuse(result.errors);
    send(result.body);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit dealer settings">
      {PROFILE_FIELDS.map((field) => (
        <TextField
          key={field}
          label={PROFILE_LABELS[field]}
          type={INPUT_TYPES[field] ?? 'text'}
          value={form[field]}
          hint={HINTS[field]}
          error={errors[field]}
          onChange={(e) => {
            const value = e.target.value;
            setForm((current) => ({ ...current, [field]: value }));
            clearError(field);
          }}
        />
      ))}
      {failure ? (
        <p role="alert" className={dashboard.error}>
          {failure}
        </p>
      ) : null}
      <div className={dashboard.row}>
        <Button type="submit" loading={pending}>
          Save Settings
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** SPEC 2/6 dealer settings: the dealership's profile in view or edit mode, and its business hours (read-only). */
export function SettingsTab() {
  const profile = useDealerProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <Spinner label="Loading dealer profile" />;
  if (profile.isError) {
    return (
      <DealerQueryError
        error={profile.error}
        fallback={SETTINGS_MESSAGES.loadFailed}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  const data = profile.data;
  const verified = data.isVerified ?? data.verified ?? false;

  return (
    <div className={dashboard.stack}>
      <section className={dashboard.card} aria-labelledby="settings-profile">
        <div className={dashboard.row}>
          <h2 id="settings-profile" className={dashboard.cardTitle}>
            Dealer Settings
          </h2>
          {verified ? (
            <span className={dashboard.badge} data-verified="true">
              <ShieldIcon size={14} /> Verified Dealer
            </span>
          ) : (
            <span className={dashboard.badge}>Verification pending</span>
          )}
          <span className={dashboard.spacer} />
          {editing ? null : (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit Settings
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileEditor profile={data} onDone={() => setEditing(false)} />
        ) : (
          <>
            <PendingChanges profile={data} />
            <ProfileDetails profile={data} />
          </>
        )}
      </section>

      <section className={dashboard.card} aria-labelledby="settings-hours">
        <h2 id="settings-hours" className={dashboard.cardTitle}>
          Business hours
        </h2>
        <table className={styles.hours}>
          <tbody>
            {WEEKDAYS.map((day) => (
              <tr key={day}>
                <th scope="row">{WEEKDAY_LABELS[day]}</th>
                <td>{data.businessHours[day]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={dashboard.muted}>Editing business hours is coming soon.</p>
      </section>
    </div>
  );
}
