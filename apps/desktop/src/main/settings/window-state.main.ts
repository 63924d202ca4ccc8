import type { SettingsStore } from './settings-store.main.ts';

export interface WindowBounds {
  x?: number | undefined;
  y?: number | undefined;
  width: number;
  height: number;
}

export interface WindowState extends WindowBounds {
  maximized: boolean;
}

export interface DisplayArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, maximized: false };
const MIN = { width: 800, height: 600 };
const KEY = 'windowState';

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The saved window state made safe to restore: sizes at least the minimum and at most the display, and a
 * position only when the window's top-left area is still on a connected display (a monitor may be gone).
 */
export function fitWindowState(saved: unknown, displays: readonly DisplayArea[]): WindowState {
  if (typeof saved !== 'object' || saved === null) return DEFAULT_WINDOW_STATE;
  const s = saved as Record<string, unknown>;
  if (!isFiniteNumber(s['width']) || !isFiniteNumber(s['height'])) return DEFAULT_WINDOW_STATE;
  const largest = displays.reduce((a, d) => (d.width * d.height > a.width * a.height ? d : a), {
    x: 0,
    y: 0,
    width: DEFAULT_WINDOW_STATE.width,
    height: DEFAULT_WINDOW_STATE.height,
  });
  const width = Math.round(Math.min(Math.max(s['width'], MIN.width), largest.width));
  const height = Math.round(Math.min(Math.max(s['height'], MIN.height), largest.height));
  const state: WindowState = { width, height, maximized: s['maximized'] === true };
  if (isFiniteNumber(s['x']) && isFiniteNumber(s['y'])) {
    const x = s['x'];
    const y = s['y'];
    // 100 px of the title bar must be on a display so the user can still grab it.
    const visible = displays.some(
      (d) => x + 100 > d.x && x < d.x + d.width - 100 && y >= d.y && y < d.y + d.height - 50,
    );
    if (visible) Object.assign(state, { x: Math.round(x), y: Math.round(y) });
  }
  return state;
}

export function loadWindowState(store: SettingsStore, displays: readonly DisplayArea[]): WindowState {
  return fitWindowState(store.get(KEY), displays);
}

export function saveWindowState(store: SettingsStore, state: WindowState): void {
  store.set(KEY, state);
}
