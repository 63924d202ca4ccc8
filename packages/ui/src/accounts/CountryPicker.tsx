import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FALLBACK_COUNTRIES } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { cx } from '../kit/cx.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { CheckIcon, SearchIcon } from '../kit/icons.tsx';
import { dialCodeOf, filterCountries, readPickerCountries, type PickerCountry } from './countries.ts';
import styles from './Auth.module.css';

export const COUNTRY_PICKER_TEXT = {
  title: 'Select Country',
  searchLabel: 'Search by country name or dial code',
  empty: 'No countries found matching your search.',
  loading: 'Loading countries...',
} as const;

export const COUNTRIES_QUERY_KEY = ['countries', 'picker'] as const;

/** GET /countries/picker, or the built-in list when the call fails or answers nothing (SPEC 2, SPEC 3). */
export function useCountries() {
  const { client } = useApi();
  return useQuery({
    queryKey: COUNTRIES_QUERY_KEY,
    queryFn: async (): Promise<{ countries: PickerCountry[]; fallback: boolean }> => {
      try {
        const countries = readPickerCountries(await client.get('/countries/picker'));
        if (countries.length > 0) return { countries, fallback: false };
      } catch {
        // Falls through to the built-in list: signing in must not depend on the country catalogue.
      }
      return { countries: [...FALLBACK_COUNTRIES], fallback: true };
    },
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

export function Flag({ country, size = 24 }: { country: PickerCountry; size?: number }) {
  const { assetUrl } = useApi();
  const [broken, setBroken] = useState(false);
  const src = assetUrl(country.flag);
  if (!src || broken) {
    return (
      <span className={styles.flagFallback} style={{ width: size * 1.4, height: size }} aria-hidden="true">
        {country.code}
      </span>
    );
  }
  return (
    <img
      className={styles.flag}
      src={src}
      alt=""
      width={Math.round(size * 1.4)}
      height={size}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

export interface CountryPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedCode: string;
  onSelect: (country: PickerCountry) => void;
}

export function CountryPicker({ open, onOpenChange, selectedCode, onSelect }: CountryPickerProps) {
  const [query, setQuery] = useState('');
  const countries = useCountries();
  const visible = useMemo(
    () => filterCountries(countries.data?.countries ?? [], query),
    [countries.data, query],
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery('');
        onOpenChange(next);
      }}
      title={COUNTRY_PICKER_TEXT.title}
    >
      <div className={styles.pickerSearch}>
        <SearchIcon size={18} />
        <input
          type="search"
          aria-label={COUNTRY_PICKER_TEXT.searchLabel}
          placeholder="Search country or code"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      {countries.isPending ? (
        <p className={styles.pickerState} role="status">
          {COUNTRY_PICKER_TEXT.loading}
        </p>
      ) : visible.length === 0 ? (
        <p className={styles.pickerState} role="status">
          {COUNTRY_PICKER_TEXT.empty}
        </p>
      ) : (
        <ul className={styles.pickerList} aria-label="Countries">
          {visible.map((country) => {
            const selected = country.code === selectedCode;
            return (
              <li key={country.code}>
                <button
                  type="button"
                  className={cx(styles.pickerItem, selected && styles.pickerItemSelected)}
                  aria-pressed={selected}
                  onClick={() => {
                    onSelect(country);
                    setQuery('');
                    onOpenChange(false);
                  }}
                >
                  <Flag country={country} />
                  <span className={styles.pickerName}>{country.name}</span>
                  <span className={styles.pickerDial}>{dialCodeOf(country)}</span>
                  {selected ? <CheckIcon size={18} /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
