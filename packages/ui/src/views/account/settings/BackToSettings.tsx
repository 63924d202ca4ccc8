import { Button } from '../../../kit/Button.tsx';
import { ChevronLeftIcon } from '../../../kit/icons.tsx';

/** SPEC 2 'Account': every page under Settings has a 'Back to Settings' button. */
export function BackToSettings({ onBack }: { onBack: () => void }) {
  return (
    <div>
      <Button variant="ghost" size="sm" icon={<ChevronLeftIcon size={18} />} onClick={onBack}>
        Back to Settings
      </Button>
    </div>
  );
}
