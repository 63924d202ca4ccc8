import { Button } from '../kit/Button.tsx';
import { CheckIcon } from '../kit/icons.tsx';
import styles from './Wizard.module.css';

export interface SuccessScreenProps {
  title: string;
  onAddAnother: () => void;
  onView?: (() => void) | undefined;
  onManageCars?: (() => void) | undefined;
}

/** After a successful submit (SPEC 4): the car is live; Add Another Car starts a fresh form. */
export function SuccessScreen({ title, onAddAnother, onView, onManageCars }: SuccessScreenProps) {
  return (
    <section className={styles.success} aria-labelledby="wizard-success-title">
      <div className={styles.successIcon} aria-hidden="true">
        <CheckIcon size={32} />
      </div>
      <h2 id="wizard-success-title" className={styles.successTitle}>
        Car Added Successfully!
      </h2>
      <p className={styles.hint}>
        Your {title} is listed. Its video is being prepared and shows on the listing in a moment.
      </p>
      <div className={styles.successActions}>
        <Button onClick={onAddAnother}>Add Another Car</Button>
        {onView ? (
          <Button variant="secondary" onClick={onView}>
            View Listing
          </Button>
        ) : null}
        {onManageCars ? (
          <Button variant="ghost" onClick={onManageCars}>
            Manage My Cars
          </Button>
        ) : null}
      </div>
    </section>
  );
}
