import { useId } from 'react';
import { SearchIcon } from '../../kit/icons.tsx';
import styles from './Account.module.css';

/** A rounded search input with its icon; the label is for screen readers, the placeholder for the eye. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <label className={styles.search} htmlFor={id}>
      <SearchIcon size={18} />
      <span className="ar-visually-hidden">{label}</span>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
