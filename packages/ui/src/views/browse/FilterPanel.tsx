import { useId, type ChangeEvent } from 'react';
import {
  BODY_TYPE_LABELS,
  FILTER_BODY_TYPES,
  FILTER_PANEL_MAKES,
  FUEL_TYPES,
  SEAT_FILTER_STEPS,
  TRANSMISSIONS,
  type BodyType,
  type CarFilterKey,
  type ReadCarQuery,
} from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { ChevronDownIcon, FilterIcon } from '../../kit/icons.tsx';
import { TextField } from '../../kit/TextField.tsx';
import styles from '../../cars/Cars.module.css';

/** The car query's fields the panel shows, as typed: every value is text until readCarQuery reads it. */
export type FilterForm = Record<Exclude<CarFilterKey, 'condition' | 'search'>, string>;

export const EMPTY_FILTERS: FilterForm = {
  make: '',
  model: '',
  bodyType: '',
  fuelType: '',
  transmission: '',
  minPrice: '',
  maxPrice: '',
  minYear: '',
  maxYear: '',
  maxMileage: '',
  minSeats: '',
};

type ChoiceKey = 'make' | 'bodyType' | 'fuelType' | 'transmission' | 'minSeats';
type NumberKey = 'minPrice' | 'maxPrice' | 'minYear' | 'maxYear' | 'maxMileage';

interface Choice {
  key: ChoiceKey;
  label: string;
  any: string;
  options: readonly string[];
  /** How an option reads when it is not its value ('Truck' reads 'Bakkie / Pickup'). */
  labelOf?: (option: string) => string;
}

const CHOICES: readonly Choice[] = [
  { key: 'make', label: 'Make', any: 'All makes', options: FILTER_PANEL_MAKES },
  {
    key: 'bodyType',
    label: 'Body type',
    any: 'All body types',
    options: FILTER_BODY_TYPES,
    labelOf: (option) => BODY_TYPE_LABELS[option as BodyType] ?? option,
  },
  { key: 'fuelType', label: 'Fuel type', any: 'All fuel types', options: FUEL_TYPES },
  { key: 'transmission', label: 'Transmission', any: 'All transmissions', options: TRANSMISSIONS },
  {
    key: 'minSeats',
    label: 'Seats',
    any: 'Any seats',
    options: SEAT_FILTER_STEPS.map(String),
    labelOf: (option) => `${option}+ seats`,
  },
];

const NUMBERS: ReadonlyArray<{ key: NumberKey; label: string }> = [
  { key: 'minPrice', label: 'Min price' },
  { key: 'maxPrice', label: 'Max price' },
  { key: 'minYear', label: 'Min year' },
  { key: 'maxYear', label: 'Max year' },
  { key: 'maxMileage', label: 'Max mileage (km)' },
];

function ChoiceField({
  label,
  any,
  options,
  labelOf = (option) => option,
  value,
  onChange,
}: {
  label: string;
  any: string;
  options: readonly string[];
  labelOf?: ((option: string) => string) | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Why a field's value is not one the list can be read with (a minimum above its maximum, a number too large). */
export type FilterErrors = ReadCarQuery['errors'];

export interface FilterPanelProps {
  value: FilterForm;
  onChange: (next: FilterForm) => void;
  /** Clear filters: every filter off at once. */
  onClear: () => void;
  activeCount: number;
  errors?: FilterErrors;
  /** Below 1024 px the fields fold away behind 'Filters (n)', so the first car shows on the first screen. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC 2 'Filter panel': the SPEC 9 options; a number input left empty or at 0 clears its filter. */
export function FilterPanel({
  value,
  onChange,
  onClear,
  activeCount,
  errors = {},
  open,
  onOpenChange,
}: FilterPanelProps) {
  const set = (key: keyof FilterForm, next: string) => onChange({ ...value, [key]: next });
  const gridId = useId();
  return (
    <form
      className={styles.filters}
      role="search"
      aria-label="Car filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={styles.filtersHead}>
        <h2 className={styles.filtersTitle}>Filters</h2>
        <button
          type="button"
          className={styles.filtersToggle}
          aria-expanded={open}
          aria-controls={gridId}
          onClick={() => onOpenChange(!open)}
        >
          <FilterIcon size={18} />
          {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
          <ChevronDownIcon size={18} className={styles.filtersChevron} />
        </button>
        {activeCount > 0 ? (
          <Button variant="link" size="sm" onClick={onClear}>
            Clear filters ({activeCount})
          </Button>
        ) : null}
      </div>
      <div id={gridId} className={styles.filterGrid} data-open={open}>
        {CHOICES.slice(0, 1).map((choice) => (
          <ChoiceField
            key={choice.key}
            label={choice.label}
            any={choice.any}
            options={choice.options}
            labelOf={choice.labelOf}
            value={value[choice.key]}
            onChange={(next) => set(choice.key, next)}
          />
        ))}
        <TextField
          label="Model"
          value={value.model}
          onChange={(event) => set('model', event.target.value)}
          autoComplete="off"
        />
        {CHOICES.slice(1).map((choice) => (
          <ChoiceField
            key={choice.key}
            label={choice.label}
            any={choice.any}
            options={choice.options}
            labelOf={choice.labelOf}
            value={value[choice.key]}
            onChange={(next) => set(choice.key, next)}
          />
        ))}
        {NUMBERS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type="number"
            inputMode="numeric"
            min={0}
            value={value[field.key]}
            error={errors[field.key]}
            // Read from the values as they are typed: a minimum above its maximum shows until it is fixed.
            liveError
            onChange={(event) => set(field.key, event.target.value)}
          />
        ))}
      </div>
    </form>
  );
}
