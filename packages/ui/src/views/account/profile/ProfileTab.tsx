import { useState, type FormEvent } from 'react';
import { ProfileUpdateBodySchema, calendarDate } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { cx } from '../../../kit/cx.ts';
import { TextField } from '../../../kit/TextField.tsx';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../../kit/icons.tsx';
import { useNavigation } from '../../../state/navigation.ts';
import { isAdmin, isDealer, type SessionUser } from '../../../state/session.ts';
import { schemaFieldErrors } from '../../../platform/form-errors.ts';
import { useFormSubmit } from '../../../platform/useFormSubmit.ts';
import { useSaveProfile } from '../../../accounts/useSaveProfile.ts';
import forms from '../../../kit/Form.module.css';
import styles from '../Account.module.css';

const FIELDS = ['name', 'email'] as const;

/** SPEC 6: admins carry an Admin badge; everyone else is a Dealer or a Customer. */
export function roleBadge(user: SessionUser): 'Admin' | 'Dealer' | 'Customer' {
  if (isAdmin(user)) return 'Admin';
  return isDealer(user) ? 'Dealer' : 'Customer';
}

/** SPEC 2 'Account': a phone-verified badge, or an 'Unverified' warning. */
function PhoneStatus({ verified }: { verified: boolean }) {
  return verified ? (
    <span className={cx(styles.badge, styles.badgeSuccess)}>
      <CheckIcon size={14} />
      Phone verified
    </span>
  ) : (
    <span className={cx(styles.badge, styles.badgeWarning)} role="status">
      <AlertIcon size={14} />
      Unverified
    </span>
  );
}

function ProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const { errors, failure, pending, send, refuse } = useFormSubmit(useSaveProfile(), {
    fields: FIELDS,
    failure: { fallback: 'Failed to save your profile. Please try again.' },
    success: { title: 'Profile updated', tone: 'success' },
    onSuccess: onDone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ProfileUpdateBodySchema.safeParse({ name, email });
    if (!parsed.success) return refuse(schemaFieldErrors(parsed.error, FIELDS));
    send(parsed.data);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit profile">
      <TextField
        label="Full Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        autoComplete="name"
        maxLength={100}
      />
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        hint="Optional. Used only to reply to you."
        autoComplete="email"
      />
      {failure ? (
        <p className={styles.formError} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={forms.actions}>
        <Button type="submit" loading={pending}>
          Save Changes
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The signed-in user's details, with name and email editable (PUT /auth/me). */
export function ProfileTab({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigation((s) => s.navigate);
  return (
    <div className={styles.stack}>
      <div className={styles.profileHead}>
        <span className={styles.avatar} aria-hidden="true">
          {user.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div>
          <h2 className={styles.sectionTitle}>{user.name}</h2>
          <p className={styles.badges}>
            <span className={cx(styles.badge, isAdmin(user) && styles.badgeAdmin)}>
              {isAdmin(user) ? <ShieldIcon size={14} /> : null}
              {roleBadge(user)}
            </span>
            <PhoneStatus verified={user.isPhoneVerified} />
          </p>
        </div>
      </div>
      {user.isPhoneVerified ? null : (
        <p className={styles.warning}>
          Your phone number has not been verified. If no WhatsApp code reached you, tell us through Settings,
          Send Feedback, and we will help you verify it.
        </p>
      )}
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className={styles.details}>
            <div>
              <dt>Full Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{user.phone || 'Not available'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email || 'Not added'}</dd>
            </div>
            {user.createdAt ? (
              <div>
                <dt>Member since</dt>
                <dd>{calendarDate(user.createdAt)}</dd>
              </div>
            ) : null}
          </dl>
          <div className={forms.actions}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
            {/* The header's user menu is desktop only; this is how an admin on a phone reaches the review. */}
            {isAdmin(user) ? (
              <Button variant="ghost" icon={<ShieldIcon size={18} />} onClick={() => navigate('admin')}>
                Dealer Applications
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
