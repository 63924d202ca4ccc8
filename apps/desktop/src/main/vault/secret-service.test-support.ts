import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A private Secret Service for tests: its own D-Bus session bus with gnome-keyring unlocked on it. */
export interface SecretServiceSession {
  address: string;
  stop(): void;
}

function installed(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Why a real Secret Service cannot run here, or null when it can. */
export function secretServiceUnavailableReason(): string | null {
  const missing = ['dbus-daemon', 'gnome-keyring-daemon'].filter((c) => !installed(c));
  return missing.length
    ? `no ${missing.join(' or ')} on this machine (apt-get install dbus gnome-keyring)`
    : null;
}

function firstLine(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('dbus-daemon printed no address')), timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}`)));
  });
}

/**
 * Starts dbus-daemon on a private session bus and gnome-keyring's secrets component on it, unlocked with a
 * throwaway password, as `dbus-run-session` would; points this process at that bus. Works the same inside and
 * outside a desktop session, and never touches the user's own keyring.
 */
export async function startSecretService(): Promise<SecretServiceSession> {
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await firstLine(bus, 10_000);
  // A keyring folder and runtime folder of its own: the user's login keyring (and its password) stay untouched,
  // and a fresh login keyring is created with the throwaway password.
  const home = mkdtempSync(join(tmpdir(), 'autoreel-keyring-'));
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_RUNTIME_DIR: join(home, 'run'),
  };
  mkdirSync(env.XDG_RUNTIME_DIR, { mode: 0o700 });
  // Without --foreground the daemon reads the password, unlocks the login keyring and detaches; it exits by
  // itself when the bus goes away, so stopping the bus stops it too.
  const unlock = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    env,
    input: 'test-password',
    encoding: 'utf8',
  });
  if (unlock.status !== 0) {
    bus.kill();
    throw new Error(`gnome-keyring-daemon failed: ${unlock.stderr}`);
  }
  process.env['DBUS_SESSION_BUS_ADDRESS'] = address;
  return {
    address,
    stop() {
      bus.kill();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
