import { beforeEach, describe, expect, it } from 'vitest';
import { localStorageDraftStore, memoryDraftStore } from './draft-store.ts';

describe('localStorageDraftStore', () => {
  beforeEach(() => localStorage.clear());

  it('keeps JSON under a prefixed key and removes it', async () => {
    const store = localStorageDraftStore();
    await store.save('add-car:u1', { step: 2, fields: { make: 'Toyota' } });
    expect(localStorage.getItem('autoreel.draft.add-car:u1')).toBe('{"step":2,"fields":{"make":"Toyota"}}');
    expect(await store.load('add-car:u1')).toEqual({ step: 2, fields: { make: 'Toyota' } });
    await store.remove('add-car:u1');
    expect(await store.load('add-car:u1')).toBeNull();
  });

  it('answers null for a corrupt entry and never throws when storage refuses', async () => {
    localStorage.setItem('autoreel.draft.add-car:u1', '{not json');
    expect(await localStorageDraftStore().load('add-car:u1')).toBeNull();

    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const store = localStorageDraftStore(() => refusing);
    await expect(store.save('k', { a: 1 })).resolves.toBeUndefined();
    await expect(store.load('k')).resolves.toBeNull();
    await expect(store.remove('k')).resolves.toBeUndefined();
  });
});

describe('memoryDraftStore', () => {
  it('hands out copies, so a caller cannot change what is stored', async () => {
    const store = memoryDraftStore();
    const value = { features: ['Bluetooth'] };
    await store.save('k', value);
    value.features.push('Sunroof');
    expect(await store.load('k')).toEqual({ features: ['Bluetooth'] });
  });
});
