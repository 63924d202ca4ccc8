import { SavedSearchCreateBodySchema, type SavedSearchAlert } from '@autoreel/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { TextField } from '../kit/TextField.tsx';
import { BellIcon } from '../kit/icons.tsx';
import { useSession } from '../state/session.ts';
import { useNavigation } from '../state/navigation.ts';
import { useSaveSearch } from './queries.ts';
import styles from './Notifications.module.css';

export interface SaveSearchButtonProps {
  /** The car list's query the search keeps: the filters (and sort) shown, or those an AI search understood. */
  filters: Record<string, string | number | undefined | null>;
  /** The name offered; the buyer may change it. */
  suggestedName: string;
}

const ALERT_LABELS: Record<SavedSearchAlert, string> = {
  instant: 'Tell me at once',
  daily: 'Once a day',
  off: 'No alerts',
};

/** 'Save search': names the search and chooses its alerts; a visitor is asked to sign in first. */
export function SaveSearchButton({ filters, suggestedName }: SaveSearchButtonProps) {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const showLogin = useNavigation((s) => s.showLogin);
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(suggestedName);
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const start = () => {
    if (!signedIn) {
      showLogin();
      return;
    }
    setName(suggestedName);
    setError(null);
    setSaved(false);
    setOpen(true);
  };
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
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        setOpen(false);
      },
      onError: (failure) =>
        setError(failure instanceof Error ? failure.message : 'The search could not be saved'),
    });
  };
  return (
    <>
      <Button variant="secondary" size="sm" icon={<BellIcon size={16} />} onClick={start}>
        {saved ? 'Search saved' : 'Save search'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Save this search">
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
    </>
  );
}
