import { useState, type ReactNode } from 'react';
import { Button } from '../../../kit/Button.tsx';
import {
  ChatIcon,
  CheckIcon,
  ChevronLeftIcon,
  InboxIcon,
  LogOutIcon,
  SearchIcon,
  ShieldIcon,
} from '../../../kit/icons.tsx';
import type { SessionUser } from '../../../state/session.ts';
import { NotificationSettingsForm } from '../../../notifications/settings/NotificationSettingsForm.tsx';
import { FeedbackForm } from '../feedback/FeedbackForm.tsx';
import { BackToSettings } from './BackToSettings.tsx';
import { BlockedPeople } from './BlockedPeople.tsx';
import { DataSaverSwitch } from './DataSaverSwitch.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { HelpCenter } from './HelpCenter.tsx';
import { LegalPage } from './LegalPage.tsx';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from './legal-documents.ts';
import styles from '../Account.module.css';

export type SettingsPage = 'menu' | 'notifications' | 'blocked' | 'privacy' | 'terms' | 'help' | 'feedback';

const ENTRIES: ReadonlyArray<{
  page: Exclude<SettingsPage, 'menu'>;
  label: string;
  hint: string;
  icon: ReactNode;
}> = [
  {
    page: 'notifications',
    label: 'Notifications',
    hint: 'Push, WhatsApp and quiet hours',
    icon: <CheckIcon size={20} />,
  },
  {
    page: 'blocked',
    label: 'Blocked people',
    hint: 'Who cannot message you',
    icon: <ShieldIcon size={20} />,
  },
  { page: 'privacy', label: 'Privacy Policy', hint: 'What we store and why', icon: <ShieldIcon size={20} /> },
  {
    page: 'terms',
    label: 'Terms of Service',
    hint: 'The rules of the marketplace',
    icon: <InboxIcon size={20} />,
  },
  {
    page: 'help',
    label: 'FAQ and Help Center',
    hint: 'Answers to common questions',
    icon: <SearchIcon size={20} />,
  },
  {
    page: 'feedback',
    label: 'Send Feedback',
    hint: 'Report a problem or suggest an idea',
    icon: <ChatIcon size={20} />,
  },
];

/**
 * SPEC 2 'Account' Settings: leads to the privacy policy, terms, help center and feedback form, each with
 * 'Back to Settings'; then Sign Out, and last, quietly, Delete My Account (signed out after).
 */
export function SettingsTab({
  user,
  page,
  onPageChange,
  onSignOut,
}: {
  user: SessionUser;
  page: SettingsPage;
  onPageChange: (page: SettingsPage) => void;
  onSignOut: () => void;
}) {
  const [signingOut, setSigningOut] = useState(false);
  if (page !== 'menu') {
    const back = () => onPageChange('menu');
    return (
      <div className={styles.stack}>
        <BackToSettings onBack={back} />
        {page === 'notifications' ? <NotificationSettingsForm /> : null}
        {page === 'blocked' ? <BlockedPeople /> : null}
        {page === 'privacy' ? <LegalPage document={PRIVACY_POLICY} /> : null}
        {page === 'terms' ? <LegalPage document={TERMS_OF_SERVICE} /> : null}
        {page === 'help' ? <HelpCenter onContact={() => onPageChange('feedback')} /> : null}
        {page === 'feedback' ? <FeedbackForm user={user} /> : null}
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <ul className={styles.settingsList} aria-label="Settings">
        {ENTRIES.map((entry) => (
          <li key={entry.page}>
            <button type="button" className={styles.settingsItem} onClick={() => onPageChange(entry.page)}>
              <span className={styles.settingsIcon} aria-hidden="true">
                {entry.icon}
              </span>
              <span className={styles.settingsText}>
                <span className={styles.settingsLabel}>{entry.label}</span>
                <span className={styles.muted}>{entry.hint}</span>
              </span>
              <span className={styles.settingsChevron} aria-hidden="true">
                <ChevronLeftIcon size={18} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      <DataSaverSwitch />
      <div>
        <Button
          variant="secondary"
          icon={<LogOutIcon size={18} />}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            onSignOut();
          }}
        >
          Sign Out
        </Button>
      </div>
      {/* Last and quiet: an act that cannot be undone is not the page's first or loudest button. */}
      <DeleteAccount onDeleted={onSignOut} />
    </div>
  );
}
