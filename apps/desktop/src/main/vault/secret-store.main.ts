import { AsyncEntry } from '@napi-rs/keyring';
import type { VaultKind } from '../../shared/ipc-contract.ts';

/** One secret string in some store: the OS keychain entry, or memory. */
export interface SecretStore {
  readonly kind: VaultKind;
  get(): Promise<string | null>;
  set(value: string): Promise<void>;
  delete(): Promise<void>;
}

/** The keychain item's service and account: what the user sees in Keychain Access or Seahorse. */
export const KEYCHAIN_SERVICE = 'AutoReel Dealer Console';
export const KEYCHAIN_ACCOUNT = 'session';

/** Keychain (macOS), Credential Manager (Windows) or the Secret Service (Linux) through @napi-rs/keyring. */
export class KeychainSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly #entry: AsyncEntry;

  constructor(service = KEYCHAIN_SERVICE, account = KEYCHAIN_ACCOUNT) {
    this.#entry = new AsyncEntry(service, account);
  }

  async get(): Promise<string | null> {
    return (await this.#entry.getPassword()) ?? null;
  }

  async set(value: string): Promise<void> {
    await this.#entry.setPassword(value);
  }

  async delete(): Promise<void> {
    await this.#entry.deletePassword();
  }
}

/** No keychain: the session lives as long as the process and is never written to disk. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  #value: string | null = null;

  get(): Promise<string | null> {
    return Promise.resolve(this.#value);
  }

  set(value: string): Promise<void> {
    this.#value = value;
    return Promise.resolve();
  }

  delete(): Promise<void> {
    this.#value = null;
    return Promise.resolve();
  }
}

export interface OpenedSecretStore {
  store: SecretStore;
  /** Why the keychain is not used, for the user; null when it is. */
  problem: string | null;
}

/**
 * The keychain when it works, else memory with the reason. The probe writes and deletes an entry of its own:
 * a read alone proves nothing, because the keyring library answers 'no entry' when there is no Secret Service
 * on the session bus (a bare Linux session) or the keychain stays locked.
 */
export async function openSecretStore(
  keychain: SecretStore = new KeychainSecretStore(),
  probe: SecretStore = new KeychainSecretStore(KEYCHAIN_SERVICE, 'availability-check'),
): Promise<OpenedSecretStore> {
  try {
    await probe.set('ok');
    await probe.delete();
    return { store: keychain, problem: null };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      store: new MemorySecretStore(),
      problem:
        `The system keychain is not available (${detail}). You stay signed in until the console quits, ` +
        'and will need to sign in again next time.',
    };
  }
}
