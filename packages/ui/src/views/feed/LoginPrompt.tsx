import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import styles from './FeedOverlays.module.css';

/** SPEC 2: the words of the feed's login prompt. */
export const LOGIN_PROMPT_TEXT = 'Please login to like cars, leave comments, and access all features.';

/** The login-required modal: likes, comments and replies need an account; the button opens the login page. */
export function LoginPrompt({
  open,
  onOpenChange,
  onLogin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogin: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Login required">
      <div className={styles.stack}>
        <p>{LOGIN_PROMPT_TEXT}</p>
        <div className={styles.row}>
          <Button onClick={onLogin}>Login</Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
