import * as RadixSelect from '@radix-ui/react-select';
import { useId } from 'react';
import { cx } from './cx.ts';
import { CheckIcon, ChevronDownIcon } from './icons.tsx';
import styles from './Select.module.css';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  label: string;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  options: readonly SelectOption<V>[];
  value: V | undefined;
  onValueChange: (value: V) => void;
  placeholder?: string;
  className?: string;
}

/** A listbox select on Radix: typeahead, keyboard and screen-reader roles come from it. */
export function Select<V extends string>({
  label,
  hideLabel,
  options,
  value,
  onValueChange,
  placeholder,
  className,
}: SelectProps<V>) {
  const id = useId();
  return (
    <div className={cx(styles.field, className)}>
      <span id={id} className={hideLabel ? 'ar-visually-hidden' : styles.label}>
        {label}
      </span>
      <RadixSelect.Root value={value ?? ''} onValueChange={(next) => onValueChange(next as V)}>
        <RadixSelect.Trigger className={styles.trigger} aria-labelledby={id}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon>
            <ChevronDownIcon size={16} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={6}>
            <RadixSelect.Viewport className={styles.viewport}>
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled ?? false}
                  className={styles.item}
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator>
                    <CheckIcon size={16} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
