import { useState } from 'react';
import { Button } from '../kit/Button.tsx';
import { TextField } from '../kit/TextField.tsx';
import styles from './Wizard.module.css';

export interface AddOptionFieldProps {
  label: string;
  placeholder?: string;
  buttonLabel: string;
  /** Answers an error to show, or nothing when the value was taken (the input then clears). */
  onAdd: (value: string) => string | undefined;
}

/** A text input with an Add button for the seller's own makes, models and features; Enter adds too. */
export function AddOptionField({ label, placeholder, buttonLabel, onAdd }: AddOptionFieldProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const problem = onAdd(value);
    setError(problem);
    if (!problem) setValue('');
  };
  return (
    <div className={styles.addOption}>
      <TextField
        label={label}
        placeholder={placeholder}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
      />
      <Button variant="secondary" onClick={submit}>
        {buttonLabel}
      </Button>
    </div>
  );
}
