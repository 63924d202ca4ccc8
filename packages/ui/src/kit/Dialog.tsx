import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { IconButton } from './Button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where focus goes when the dialog opens; Radix traps and restores focus. */
  onOpenAutoFocus?: (event: Event) => void;
}

/** A modal dialog on Radix: focus trap, Escape, outside click and screen-reader labelling come from it. */
export function Dialog({ open, onOpenChange, title, description, children, onOpenAutoFocus }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          onOpenAutoFocus={onOpenAutoFocus}
          // Without a description, tell Radix there is none rather than pointing at a missing id.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label="Close" size="sm">
                <CloseIcon size={18} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
