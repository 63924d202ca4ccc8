import { spawn } from 'node:child_process';

/** The tail of stderr kept for errors: enough to show ffmpeg's reason without holding a long log. */
const STDERR_TAIL_BYTES = 4_096;

export class FfmpegError extends Error {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stderrTail: string;
  constructor(
    message: string,
    details: { exitCode: number | null; signal: string | null; stderrTail: string },
  ) {
    super(message);
    this.name = 'FfmpegError';
    this.exitCode = details.exitCode;
    this.signal = details.signal;
    this.stderrTail = details.stderrTail;
  }
}

export interface FfmpegProgress {
  /** Seconds of output written so far. */
  outTimeSec: number;
  /** 0..1 when the input duration is known. */
  ratio: number | null;
  done: boolean;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Kills the process after this long; ffmpeg can hang on a broken input. */
  timeoutMs?: number;
  /** Called for each `-progress pipe:1` block; the arguments must include `-progress pipe:1`. */
  onProgress?: (progress: FfmpegProgress) => void;
  /** Input duration, to turn progress into a ratio. */
  durationSec?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs a binary with an argument array (never through a shell, so no quoting or injection). Rejects with an
 * FfmpegError carrying the exit code and stderr's tail, on abort, on timeout and on a non-zero exit.
 * stdout is collected unless progress is parsed from it.
 */
export function runProcess(
  binary: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new FfmpegError('ffmpeg was cancelled', { exitCode: null, signal: null, stderrTail: '' }));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let reason: string | null = null;
    const fields = new Map<string, string>();

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!options.onProgress) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const at = line.indexOf('=');
        if (at < 0) continue;
        const key = line.slice(0, at).trim();
        const value = line.slice(at + 1).trim();
        fields.set(key, value);
        if (key !== 'progress') continue;
        // out_time_us is in microseconds; older builds misname it out_time_ms with the same unit.
        const micros = Number(fields.get('out_time_us') ?? fields.get('out_time_ms') ?? 0);
        const outTimeSec = Number.isFinite(micros) ? Math.max(0, micros / 1_000_000) : 0;
        const done = value === 'end';
        const ratio = options.durationSec ? (done ? 1 : Math.min(1, outTimeSec / options.durationSec)) : null;
        options.onProgress({ outTimeSec, ratio, done });
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES * 4);
    });

    const kill = (why: string) => {
      reason ??= why;
      child.kill('SIGKILL');
    };
    const onAbort = () => kill('ffmpeg was cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs
      ? setTimeout(() => kill(`ffmpeg took longer than ${options.timeoutMs} ms`), options.timeoutMs)
      : undefined;

    const finish = () => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      finish();
      reject(
        new FfmpegError(`Could not start ${binary}: ${error.message}`, {
          exitCode: null,
          signal: null,
          stderrTail: '',
        }),
      );
    });
    child.once('close', (exitCode, signal) => {
      finish();
      const stderrTail = stderr.slice(-STDERR_TAIL_BYTES);
      if (reason) {
        reject(new FfmpegError(reason, { exitCode, signal, stderrTail }));
      } else if (exitCode !== 0) {
        const lastLine = stderrTail.trim().split('\n').pop() ?? '';
        reject(
          new FfmpegError(`ffmpeg exited with ${exitCode ?? signal}: ${lastLine}`, {
            exitCode,
            signal,
            stderrTail,
          }),
        );
      } else {
        resolve({ stdout, stderr });
      }
    });
  });
}
