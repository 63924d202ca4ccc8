import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Menu.module.css';

export interface MenuProps {
  /** The element that opens the menu; it must accept a ref (a button). */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
}

/** A dropdown menu on Radix: menu roles, arrow keys, typeahead and focus return come from it. */
export function Menu({ trigger, children, align = 'end' }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align={align} sideOffset={8}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface MenuItemProps {
  children: ReactNode;
  icon?: ReactNode;
  onSelect?: () => void;
  tone?: 'default' | 'danger';
}

export function MenuItem({ children, icon, onSelect, tone = 'default' }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      className={cx(styles.item, tone === 'danger' && styles.danger)}
      onSelect={() => onSelect?.()}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className={styles.separator} />;
}

/** A non-interactive block at the top of a menu (who is signed in). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className={styles.label}>{children}</DropdownMenu.Label>;
}
