import { Button } from '../../kit/Button.tsx';
import { ShieldIcon } from '../../kit/icons.tsx';
import { EmptyState } from '../../kit/States.tsx';

/** SPEC 6: what anyone who is not a dealer sees instead of the dashboard. */
export const ACCESS_DENIED_MESSAGE =
  'Access Denied - You need to be signed in as a dealer to access this page';

export function AccessDenied({ onBack }: { onBack: () => void }) {
  return (
    <EmptyState
      icon={<ShieldIcon size={28} />}
      title={ACCESS_DENIED_MESSAGE}
      description="Dealer accounts manage their inventory here. Sign in with your dealer account, or apply to become a dealer from Sell Your Car."
      actions={
        <Button variant="secondary" onClick={onBack}>
          Back to Main
        </Button>
      }
    />
  );
}
