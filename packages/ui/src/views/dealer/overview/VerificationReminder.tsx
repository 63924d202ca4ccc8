import { Button } from '../../../kit/Button.tsx';
import { AlertIcon, ShieldIcon } from '../../../kit/icons.tsx';
import styles from '../Dashboard.module.css';
import type { DealerOverview } from '@autoreel/core';

/**
 * SPEC 6: dealers get a document verification reminder until an admin has verified them; verified dealers see
 * their Verified Dealer badge instead. SPEC 9 states the document check takes 1-2 days.
 */
export function VerificationReminder({
  verification,
  onOpenSettings,
}: {
  verification: DealerOverview['verification'];
  onOpenSettings: () => void;
}) {
  if (verification.isVerified) {
    return (
      <p className={styles.row}>
        <span className={styles.badge} data-verified="true">
          <ShieldIcon size={14} /> Verified Dealer
        </span>
      </p>
    );
  }
  return (
    <section className={styles.notice} aria-labelledby="verification-reminder">
      <AlertIcon size={20} />
      <div className={styles.spacer}>
        <strong id="verification-reminder">Verify your dealership documents</strong>
        {verification.hasBusinessLicense
          ? 'Your business license is on file and waiting for review. The document check takes 1-2 days; buyers see the Verified Dealer badge once it is done.'
          : 'Add your business license number in Settings so we can check your documents (1-2 days). Verified dealers show the Verified Dealer badge to buyers.'}
      </div>
      {verification.hasBusinessLicense ? null : (
        <Button size="sm" variant="secondary" onClick={onOpenSettings}>
          Add business license
        </Button>
      )}
    </section>
  );
}
