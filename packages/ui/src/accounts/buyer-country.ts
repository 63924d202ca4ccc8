import { useSyncExternalStore } from 'react';
import { FALLBACK_COUNTRIES, type Country } from '@autoreel/core';
import { safeLocalStorage } from '../state/local-storage.ts';

/** The buyer's own choice of country, kept on this device (ISO code). */
export const BUYER_COUNTRY_KEY = 'autoreel.buyerCountry';
const CHANGED = 'autoreel:buyer-country';

/** The marketplace countries a buyer may pick for prices and budgets (the built-in list, in its order). */
export const BUYER_COUNTRIES: readonly Country[] = FALLBACK_COUNTRIES;

function read(): string | null {
  const code = safeLocalStorage()?.getItem(BUYER_COUNTRY_KEY) ?? null;
  return code && BUYER_COUNTRIES.some((c) => c.code === code) ? code : null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The country this buyer chose on this device, or null when they have not chosen (the server's first screen). */
export function useChosenCountry(): Country | null {
  const code = useSyncExternalStore(subscribe, read, () => null);
  return BUYER_COUNTRIES.find((c) => c.code === code) ?? null;
}

/** Keeps the buyer's choice on this device; every open view reading it follows. */
export function chooseCountry(code: string): void {
  try {
    safeLocalStorage()?.setItem(BUYER_COUNTRY_KEY, code);
  } catch {
    // A refused storage keeps the choice for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}
