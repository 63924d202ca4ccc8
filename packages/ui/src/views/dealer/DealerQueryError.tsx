import { ApiError } from '@autoreel/api-client';
import { ErrorState } from '../../kit/States.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { AccessDenied } from './AccessDenied.tsx';

/**
 * A dashboard read that failed: the API's 403 (an account without a dealership, whatever its stored role says)
 * is SPEC 6's Access Denied; anything else shows its message with a retry.
 */
export function DealerQueryError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  const navigate = useNavigation((s) => s.navigate);
  if (error instanceof ApiError && error.status === 403)
    return <AccessDenied onBack={() => navigate('browse')} />;
  const message = error instanceof Error && error.message ? error.message : fallback;
  return <ErrorState title={fallback} message={message} onRetry={onRetry} />;
}
