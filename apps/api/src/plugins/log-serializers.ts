/**
 * What an error looks like in the logs. Database errors carry the statement's parameters (user ids, message text,
 * phone numbers) in their message, in `params` and in the driver's `detail`; none of that may reach a log line.
 * Kept: the error's type, code, constraint, the SQL text with its placeholders, and the stack's frames.
 */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  stack: string;
  cause?: LoggedError;
}

/** Drizzle's `Failed query: <sql>\nparams: <values>`: the SQL is kept, the values dropped. */
const PARAMS_LINE = /\nparams:[\s\S]*$/;

function safeMessage(error: { message?: unknown; query?: unknown }): string {
  const message = typeof error.message === 'string' ? error.message : '';
  if (typeof error.query === 'string') return `Failed query: ${error.query}`;
  return message.replace(PARAMS_LINE, '');
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const fields = error as Error & {
    code?: unknown;
    constraint?: unknown;
    constraint_name?: unknown;
    query?: unknown;
  };
  const message = safeMessage(fields);
  // The stack's first lines repeat the message (with the parameters); only the frames are kept.
  const frames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')) ?? [];
  const constraint = fields.constraint ?? fields.constraint_name;
  return {
    type: error.name,
    message,
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** Pino serializers for the API's logger: `err` as above. */
export const logSerializers = { err: serializeError, error: serializeError };
