import { SavedSearchCreateBodySchema, type SavedSearchAlert } from '@autoreel/core';
import { useState, type FormEvent } from 'react';
import type { SaveSearchButtonProps } from './SaveSearchButton.tsx';
import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useSaveSearch } from './queries.ts';
import { useRequestPushAfterGesture } from './settings/usePushAfterGesture.ts';
import styles from './Notifications.module.css';

const ALERT_LABELS: Record<SavedSearchAlert, string> = {
  instant: 'Tell me at once',
  daily: 'Once a day',
  off: 'No alerts',
};

interface SaveSearchDialogProps extends SaveSearchButtonProps {
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Save search' form: the search's name and its alerts, checked by the API's own rules before it is sent. */
export function SaveSearchDialog({ filters, suggestedName, onClose, onSaved }: SaveSearchDialogProps) {
  const save = useSaveSearch();
  const requestPush = useRequestPushAfterGesture();
  const [name, setName] = useState(suggestedName);
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const clean = Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    const body = { name, filters: clean, alert };
    const parsed = SavedSearchCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the search');
      return;
    }
    // Alerts are the gesture that makes a notification worth allowing; asked now, while the tap still counts.
    if (alert !== 'off') void requestPush();
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (failure) =>
        setError(failure instanceof Error ? failure.message : 'The search could not be saved'),
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Save this search">
      <form className={styles.fields} onSubmit={submit}>
        <TextField
          label="Name"
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
          error={error ?? undefined}
        />
        <label className={styles.fields}>
          <span>Alerts for new cars</span>
          <select
            className={styles.select}
            value={alert}
            onChange={(event) => setAlert(event.target.value as SavedSearchAlert)}
          >
            {(Object.keys(ALERT_LABELS) as SavedSearchAlert[]).map((value) => (
              <option key={value} value={value}>
                {ALERT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}
