import * as RadixTabs from '@radix-ui/react-tabs';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Tabs.module.css';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Names the tab list for screen readers. */
  label: string;
  className?: string;
  /** Keeps every panel mounted (hidden when not selected), so a panel's progress survives switching tabs. */
  keepMounted?: boolean;
}

/** Tabs on Radix: arrow-key roving focus and the tab/tabpanel roles come from it. */
export function Tabs<V extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
  keepMounted,
}: TabsProps<V>) {
  const list = useRef<HTMLDivElement>(null);
  // A row of tabs wider than a phone scrolls; the selected tab is always brought into the row's view.
  useLayoutEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[data-state="active"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const left = active.offsetLeft; // the row is positioned, so offsets are from its edge
    if (left < row.scrollLeft || left + active.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = left - (row.clientWidth - active.offsetWidth) / 2;
    }
  }, [value]);
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as V)}
      className={cx(className)}
    >
      <RadixTabs.List ref={list} className={styles.list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={styles.trigger}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          className={styles.content}
          forceMount={keepMounted || undefined}
          hidden={keepMounted ? item.value !== value : undefined}
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
