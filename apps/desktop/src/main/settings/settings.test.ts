import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftsService, DraftTooLargeError, MAX_DRAFT_BYTES } from './drafts.main.ts';
import { DEFAULT_API_BASE_URL, PreferencesService } from './preferences.main.ts';
import {
  DEFAULT_WINDOW_STATE,
  fitWindowState,
  loadWindowState,
  saveWindowState,
} from './window-state.main.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** electron-store's own base (conf) on a folder: a new instance on the same folder is the app restarted. */
function openStore(dir = mkdtempSync(join(tmpdir(), 'autoreel-settings-'))) {
  if (!dirs.includes(dir)) dirs.push(dir);
  return { dir, store: new Conf<Record<string, unknown>>({ cwd: dir, projectName: 'autoreel-test' }) };
}

describe('wizard drafts', () => {
  it('survive a restart, and deleting one leaves the others', () => {
    const { dir, store } = openStore();
    const drafts = new DraftsService(store, () => new Date('2026-11-22T08:00:00Z'));
    drafts.save('add-car', { step: 3, make: 'Toyota', model: 'Hilux', price: 250_000 });
    drafts.save('edit-car-abc123', { step: 1 });

    const restarted = new DraftsService(openStore(dir).store);
    expect(restarted.load('add-car')).toEqual({ step: 3, make: 'Toyota', model: 'Hilux', price: 250_000 });
    restarted.delete('add-car');
    expect(new DraftsService(openStore(dir).store).load('add-car')).toBeNull();
    expect(new DraftsService(openStore(dir).store).load('edit-car-abc123')).toEqual({ step: 1 });
  });

  it('refuses a draft over the size cap and keeps the previous one', () => {
    const { store } = openStore();
    const drafts = new DraftsService(store);
    drafts.save('add-car', { step: 2 });
    expect(() => drafts.save('add-car', { notes: 'x'.repeat(MAX_DRAFT_BYTES) })).toThrow(DraftTooLargeError);
    expect(drafts.load('add-car')).toEqual({ step: 2 });
  });

  it('refuses keys that are not plain names', () => {
    const drafts = new DraftsService(openStore().store);
    expect(() => drafts.save('../settings', {})).toThrow(/must be 1 to 100 letters/);
    expect(() => drafts.load('')).toThrow();
  });
});

describe('preferences', () => {
  it('defaults the API address from AUTOREEL_API_URL, else the local API', () => {
    expect(new PreferencesService(openStore().store, {}).get()).toEqual({ apiBaseUrl: DEFAULT_API_BASE_URL });
    expect(
      new PreferencesService(openStore().store, {
        AUTOREEL_API_URL: 'https://api.autoreel.example/api/',
      }).get(),
    ).toEqual({ apiBaseUrl: 'https://api.autoreel.example/api' });
  });

  it('keeps a saved address across restarts and refuses an invalid one without saving it', () => {
    const { dir, store } = openStore();
    new PreferencesService(store, {}).set({ apiBaseUrl: 'https://autoreel.example/api' });
    const restarted = new PreferencesService(openStore(dir).store, {});
    expect(restarted.get().apiBaseUrl).toBe('https://autoreel.example/api');
    expect(() => restarted.set({ apiBaseUrl: 'javascript:alert(1)' })).toThrow(/http:\/\/ or https:\/\//);
    expect(new PreferencesService(openStore(dir).store, {}).get().apiBaseUrl).toBe(
      'https://autoreel.example/api',
    );
  });
});

describe('window state', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1080 };

  it('restores size, position and maximised state saved before a restart', () => {
    const { dir, store } = openStore();
    saveWindowState(store, { x: 100, y: 80, width: 1400, height: 900, maximized: true });
    expect(loadWindowState(openStore(dir).store, [display])).toEqual({
      x: 100,
      y: 80,
      width: 1400,
      height: 900,
      maximized: true,
    });
  });

  it('drops a position on a display that is gone and clamps sizes to the display', () => {
    expect(
      fitWindowState({ x: 2500, y: 100, width: 3000, height: 400, maximized: false }, [display]),
    ).toEqual({
      width: 1920,
      height: 600,
      maximized: false,
    });
  });

  it('falls back to the default for a damaged entry', () => {
    expect(fitWindowState('garbage', [display])).toEqual(DEFAULT_WINDOW_STATE);
    expect(fitWindowState({ width: 'wide' }, [display])).toEqual(DEFAULT_WINDOW_STATE);
  });
});
