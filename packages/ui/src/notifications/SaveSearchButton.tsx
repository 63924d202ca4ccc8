import { lazy, Suspense, useState } from 'react';
import { Button } from '../kit/Button.tsx';
import { BellIcon } from '../kit/icons.tsx';
import { useSession } from '../state/session.ts';
import { useNavigation } from '../state/navigation.ts';

// The form checks its body with the API's schema, which the list's first screen does not need to build.
const SaveSearchDialog = lazy(() =>
  import('./SaveSearchDialog.tsx').then((m) => ({ default: m.SaveSearchDialog })),
);

export interface SaveSearchButtonProps {
  /** The car list's query the search keeps: the filters (and sort) shown, or those an AI search understood. */
  filters: Record<string, string | number | undefined | null>;
  /** The name offered; the buyer may change it. */
  suggestedName: string;
}

/** 'Save search': names the search and chooses its alerts; a visitor is asked to sign in first. */
export function SaveSearchButton({ filters, suggestedName }: SaveSearchButtonProps) {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const showLogin = useNavigation((s) => s.showLogin);
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);

  const start = () => {
    if (!signedIn) {
      showLogin();
      return;
    }
    setSaved(false);
    setOpen(true);
  };
  return (
    <>
      <Button variant="secondary" size="sm" icon={<BellIcon size={16} />} onClick={start}>
        {saved ? 'Search saved' : 'Save search'}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog
            filters={filters}
            suggestedName={suggestedName}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setSaved(true);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
