import { CommentBodySchema } from '@autoreel/core';

/**
 * SPEC 5: comments and replies are trimmed and must be non-empty; the API also caps them at 1,000 characters.
 * The same schema the API validates with, so the form's message is the server's. Null when the text can be sent.
 */
export function commentError(text: string): string | null {
  const parsed = CommentBodySchema.safeParse({ comment: text });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Comment is required');
}
