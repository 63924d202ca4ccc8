import type { ReportTargetType } from '@autoreel/core';
import { REPORT_TARGET_LABELS } from '@autoreel/core';
import { lazy, Suspense, useState } from 'react';
import { Button, IconButton } from '../kit/Button.tsx';
import { AlertIcon } from '../kit/icons.tsx';
import { useNavigation } from '../state/navigation.ts';
import { whenSessionRead } from '../state/session.ts';

// The dialog and its rules load on the tap: the button is on the first screens, which load no validation schemas.
const ReportDialog = lazy(() =>
  import('./ReportDialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

/**
 * 'Report' and its dialog, for any target. A signed-out visitor is asked to sign in first. `compact` draws an icon
 * button (chat header, a comment, a review), else a text button.
 */
export function ReportButton({
  targetType,
  targetId,
  name,
  compact = false,
}: {
  targetType: ReportTargetType;
  targetId: string;
  name?: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const showLogin = useNavigation((s) => s.showLogin);
  const label = `Report ${name ?? `this ${REPORT_TARGET_LABELS[targetType]}`}`;
  // A tap right after the page started waits for the stored session, so a signed-in buyer is not asked to sign in.
  const start = () => whenSessionRead((status) => (status === 'authenticated' ? setOpen(true) : showLogin()));
  return (
    <>
      {compact ? (
        <IconButton label={label} onClick={start}>
          <AlertIcon size={18} />
        </IconButton>
      ) : (
        <Button variant="ghost" size="sm" icon={<AlertIcon size={16} />} onClick={start}>
          Report
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} name={name} open onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
