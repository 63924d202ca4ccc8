/**
 * Electron prefixes errors thrown by a main-process handler with the channel and the error's class:
 * "Error invoking remote method 'video.prepare': VideoRejectedError: Video is too short ...". The dealer sees
 * only the sentence.
 */
export function ipcErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/^Error invoking remote method '[^']+': /, '')
    .replace(/^(?:[A-Z][A-Za-z]*Error): /, '');
}

/** Rethrows an IPC failure as a plain Error carrying the readable sentence. */
export async function withReadableErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new Error(ipcErrorMessage(error), { cause: error });
  }
}
