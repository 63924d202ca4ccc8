import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { filterCountries, readPickerCountries } from './countries.ts';
import { CountryPicker } from './CountryPicker.tsx';

const COUNTRIES = [
  { name: 'Eswatini', code: 'SZ', callingCode: '268', dialCode: '+268', flag: '/api/countries/flags/SZ.svg' },
  { name: 'Kenya', code: 'KE', callingCode: '254', dialCode: '+254', flag: 'https://cdn.example/ke.svg' },
  { name: 'Mozambique', code: 'MZ', callingCode: '258', flag: '/api/countries/flags/MZ.svg' },
  { name: 'United States', code: 'US', callingCode: '1', dialCode: '+1', flag: '' },
];

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => cleanup());

function renderPicker() {
  const { host } = memoryHost();
  const onSelect = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <CountryPicker open onOpenChange={onOpenChange} selectedCode="SZ" onSelect={onSelect} />
    </TestProviders>,
  );
  return { onSelect, onOpenChange, user: userEvent.setup() };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Countries' }))
    .getAllByRole('button')
    // The code chip standing in for a missing flag is decorative (aria-hidden), so it is left out.
    .map((b) =>
      Array.from(b.children)
        .filter((el) => !el.hasAttribute('aria-hidden'))
        .map((el) => el.textContent)
        .join(''),
    );

describe('country search', () => {
  const list = readPickerCountries({ countries: COUNTRIES });

  it('reads the dial code, or + and the calling code when it is missing', () => {
    expect(list.find((c) => c.code === 'MZ')?.dialCode).toBe('+258');
  });

  it('finds by name, by dial code with or without +, and by ISO code', () => {
    expect(filterCountries(list, 'ken').map((c) => c.code)).toEqual(['KE']);
    expect(filterCountries(list, '+25').map((c) => c.code)).toEqual(['KE', 'MZ']);
    expect(filterCountries(list, '268').map((c) => c.code)).toEqual(['SZ']);
    expect(filterCountries(list, 'us').map((c) => c.code)).toEqual(['US']);
    expect(filterCountries(list, '   ')).toHaveLength(4);
    expect(filterCountries(list, 'atlantis')).toEqual([]);
  });
});

describe('CountryPicker', () => {
  it('shows Loading countries... then the API list with flags, and searches it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on('GET /countries/picker', async () => {
      await gate;
      return ok({ countries: COUNTRIES });
    });
    const { user, onSelect, onOpenChange } = renderPicker();
    expect(screen.getByRole('heading', { name: 'Select Country' })).toBeTruthy();
    expect(screen.getByText('Loading countries...')).toBeTruthy();
    release();
    expect(await screen.findByText('Kenya')).toBeTruthy();
    expect(names()).toEqual(['Eswatini+268', 'Kenya+254', 'Mozambique+258', 'United States+1']);
    const flag = screen.getByText('Kenya').parentElement?.querySelector('img');
    expect(flag?.getAttribute('src')).toBe('https://cdn.example/ke.svg');

    const search = screen.getByRole('searchbox', { name: 'Search by country name or dial code' });
    await user.type(search, '+258');
    expect(names()).toEqual(['Mozambique+258']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No countries found matching your search.')).toBeTruthy();

    await user.clear(search);
    await user.click(screen.getByText('Kenya'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ code: 'KE', dialCode: '+254' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('CountryPicker without the API', () => {
  it('falls back to the built-in list when GET /countries/picker fails', async () => {
    api.on('GET /countries/picker', fail(500, 'Broken'));
    // A fresh QueryClient per render, so the earlier answer is not reused.
    renderPicker();
    expect(await screen.findByText('Eswatini')).toBeTruthy();
    expect(names()).toEqual([
      'Eswatini+268',
      'South Africa+27',
      'United States+1',
      'United Kingdom+44',
      'Germany+49',
      'France+33',
      'Canada+1',
      'Australia+61',
    ]);
  });
});
