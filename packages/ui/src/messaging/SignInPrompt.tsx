import { Button } from '../kit/Button.tsx';
import { ChatIcon } from '../kit/icons.tsx';
import { EmptyState } from '../kit/States.tsx';
import { useNavigation } from '../state/navigation.ts';

/** Messages belong to an account: a visitor is asked to sign in (SPEC 5 'Not logged in: the login prompt shows'). */
export function SignInPrompt() {
  const showLogin = useNavigation((s) => s.showLogin);
  return (
    <EmptyState
      icon={<ChatIcon size={28} />}
      title="Sign in to see your messages"
      description="Your conversations with dealers and sellers appear here once you are signed in."
      actions={<Button onClick={showLogin}>Sign In</Button>}
    />
  );
}
