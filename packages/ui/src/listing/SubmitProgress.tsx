import { Button } from '../kit/Button.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import type { ListingPhase } from './create-listing.ts';
import styles from './Wizard.module.css';

function describe(phase: ListingPhase): { label: string; progress: number | null } {
  switch (phase.phase) {
    case 'creating':
      return { label: 'Creating your listing…', progress: null };
    case 'video':
      return { label: `Uploading video ${Math.round(phase.progress * 100)}%`, progress: phase.progress };
    case 'photos':
      return {
        label: `Uploading photo ${phase.index + 1} of ${phase.total}`,
        progress: phase.progress,
      };
    case 'saving':
      return { label: 'Saving your listing…', progress: null };
    case 'rolling-back':
      return { label: 'Removing the unfinished listing…', progress: null };
  }
}

/** What the creation sequence is doing, with a progress bar while files go up. */
export function SubmitProgress({
  phase,
  onCancel,
}: {
  phase: ListingPhase;
  onCancel?: (() => void) | undefined;
}) {
  const { label, progress } = describe(phase);
  const uploading = phase.phase === 'video' || phase.phase === 'photos';
  return (
    <div className={styles.submitting} role="status" aria-live="polite">
      <Spinner size={28} label={null} />
      <p className={styles.submittingLabel}>{label}</p>
      <progress
        className={styles.progress}
        aria-label="Upload progress"
        max={100}
        {...(progress === null ? {} : { value: Math.round(progress * 100) })}
      />
      {uploading && onCancel ? (
        <Button variant="ghost" onClick={onCancel}>
          Cancel upload
        </Button>
      ) : null}
    </div>
  );
}
