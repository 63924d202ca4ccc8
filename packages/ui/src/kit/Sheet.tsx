import { useCallback, useState, type ReactNode } from 'react';
import { Drawer } from 'vaul';
import styles from './Dialog.module.css';

/** SPEC 9: a sheet closes when dragged down past 100 px. */
export const SHEET_DISMISS_PX = 100;

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Visually hide the title when the content has its own heading; it stays the accessible name. */
  hideTitle?: boolean;
  children: ReactNode;
}

/**
 * vaul measures its close threshold as a fraction of the sheet's height; converting 100 px against the
 * measured height keeps the SPEC's distance whatever the sheet's size.
 */
export function closeThresholdFor(heightPx: number): number {
  if (!Number.isFinite(heightPx) || heightPx <= 0) return 0.25;
  return Math.min(1, SHEET_DISMISS_PX / heightPx);
}

/** A bottom sheet with drag-to-dismiss (vaul, built on Radix Dialog: focus trap and Escape included). */
export function Sheet({ open, onOpenChange, title, hideTitle, children }: SheetProps) {
  const [threshold, setThreshold] = useState(0.25);
  const measure = useCallback((node: HTMLDivElement | null) => {
    if (node) setThreshold(closeThresholdFor(node.getBoundingClientRect().height));
  }, []);
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} closeThreshold={threshold}>
      <Drawer.Portal>
        <Drawer.Overlay className={styles.sheetOverlay} />
        <Drawer.Content className={styles.sheet} ref={measure} aria-describedby={undefined}>
          <div className={styles.handle} aria-hidden="true" />
          <Drawer.Title className={hideTitle ? 'ar-visually-hidden' : styles.description}>
            {title}
          </Drawer.Title>
          <div className={styles.sheetBody}>{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
