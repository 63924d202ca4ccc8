import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_HELD_BY_MAIN } from '../../shared/ipc-contract.ts';
import {
  KeychainSecretStore,
  MemorySecretStore,
  openSecretStore,
  type SecretStore,
} from './secret-store.main.ts';
import { NoSessionError, TokenVault } from './token-vault.main.ts';
import {
  secretServiceUnavailableReason,
  startSecretService,
  type SecretServiceSession,
} from './secret-service.test-support.ts';

const unavailable = secretServiceUnavailableReason();
const secretStoreModule = fileURLToPath(new URL('./secret-store.main.ts', import.meta.url));
// A service name of its own per run: parallel runs and the user's real entry never meet.
const service = `AutoReel test ${randomBytes(4).toString('hex')}`;
let session: SecretServiceSession | undefined;

/** A keychain store as a fresh app start would open it: nothing cached. */
const keychain = () => new KeychainSecretStore(service, 'session');
const probeStore = () => new KeychainSecretStore(service, 'availability-check');

/** The Secret Service takes a moment to claim its bus name after gnome-keyring starts. */
async function waitForKeychain(): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const opened = await openSecretStore(keychain(), probeStore());
    if (opened.store.kind === 'keychain') return;
    if (Date.now() > deadline) throw new Error(`Secret Service did not start: ${opened.problem}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(unavailable)('token vault on a real Secret Service (gnome-keyring)', () => {
  beforeAll(async () => {
    session = await startSecretService();
    await waitForKeychain();
  });

  afterAll(() => {
    session?.stop();
  });

  it('keeps the session in the keychain across a restart and shows the renderer only the access token', async () => {
    const opened = await openSecretStore(keychain(), probeStore());
    expect(opened).toMatchObject({ problem: null });
    expect(opened.store.kind).toBe('keychain');
    const vault = new TokenVault(opened.store);
    await vault.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });

    // The entry is in the keychain itself, not only in this vault's memory.
    expect(JSON.parse((await keychain().get())!)).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    const afterRestart = new TokenVault(keychain());
    expect(await afterRestart.load()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(await afterRestart.forRenderer()).toEqual({
      accessToken: 'access-1',
      refreshToken: REFRESH_HELD_BY_MAIN,
    });
  });

  it('takes a new access token from the renderer but keeps the refresh token it holds', async () => {
    const vault = new TokenVault(keychain());
    await vault.save({ accessToken: 'access-2', refreshToken: REFRESH_HELD_BY_MAIN });
    expect(await new TokenVault(keychain()).load()).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-1',
    });
  });

  it('deletes the keychain entry on clear', async () => {
    const vault = new TokenVault(keychain());
    await vault.clear();
    expect(await keychain().get()).toBeNull();
    expect(await new TokenVault(keychain()).load()).toBeNull();
    expect(await vault.forRenderer()).toBeNull();
    // Clearing twice (logout after a failed refresh) is fine.
    await expect(vault.clear()).resolves.toBeUndefined();
  });

  it('refuses a marker-only save when no session is stored', async () => {
    const vault = new TokenVault(keychain());
    await expect(vault.save({ accessToken: 'a', refreshToken: REFRESH_HELD_BY_MAIN })).rejects.toBeInstanceOf(
      NoSessionError,
    );
    expect(await keychain().get()).toBeNull();
  });

  it('drops a damaged entry instead of failing every start', async () => {
    await keychain().set('{not json');
    expect(await new TokenVault(keychain()).load()).toBeNull();
    expect(await keychain().get()).toBeNull();
  });

  it('falls back to memory, with the reason, when the session bus has no Secret Service', () => {
    // The keychain library keeps its bus connection for the life of a process, so the probe runs in a fresh one.
    const probe = `
      import { openSecretStore, KeychainSecretStore } from ${JSON.stringify(secretStoreModule)};
      const probe = new KeychainSecretStore(${JSON.stringify(service)}, 'availability-check');
      const opened = await openSecretStore(new KeychainSecretStore(${JSON.stringify(service)}, 'session'), probe);
      console.log(JSON.stringify({ kind: opened.store.kind, problem: opened.problem }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/autoreel-bus' },
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    const opened = JSON.parse(child.stdout) as { kind: string; problem: string };
    expect(opened.kind).toBe('memory');
    expect(opened.problem).toMatch(/^The system keychain is not available .*until the console quits/);
  });
});

describe('memory vault (no keychain)', () => {
  it('holds the session only in this process and forgets it on clear', async () => {
    const store: SecretStore = new MemorySecretStore();
    const vault = new TokenVault(store);
    await vault.save({ accessToken: 'a', refreshToken: 'r' });
    expect(vault.kind).toBe('memory');
    expect(await new TokenVault(store).load()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    await vault.clear();
    expect(await store.get()).toBeNull();
  });
});

if (unavailable) {
  describe('token vault on a real Secret Service', () => {
    it.skip(`skipped: ${unavailable}`, () => undefined);
  });
}
