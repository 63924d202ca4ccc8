import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { forgetIntent } from '../state/intent.ts';
import styles from '../kit/Overlays.module.css';

/** SPEC 2: the words of the feed's login prompt. */
export const LOGIN_PROMPT_TEXT = 'Please login to like cars, leave comments, and access all features.';

/**
 * The login-required modal: likes, comments and replies need an account; the button opens the login page, where
 * the action waiting on it goes on after sign-in. `message` names another action (a test drive, a message).
 */
export function LoginPrompt({
  open,
  onOpenChange,
  onLogin,
  message = LOGIN_PROMPT_TEXT,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogin: () => void;
  message?: string;
}) {
  // Turned down: the action that asked is not carried out by a later, unrelated sign-in.
  const dismiss = (next: boolean) => {
    if (!next) forgetIntent();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={dismiss} title="Login required">
      <div className={styles.stack}>
        <p>{message}</p>
        <div className={styles.row}>
          <Button onClick={onLogin}>Login</Button>
          <Button variant="ghost" onClick={() => dismiss(false)}>
            Not now
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
