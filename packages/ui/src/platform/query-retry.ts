import { ApiError } from '@autoreel/api-client';

/** A refusal (403, 404, 400) will not change on a second try; only network and server failures are retried once. */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
