import * as RadixToast from '@radix-ui/react-toast';
import { cx } from './cx.ts';
import { CloseIcon } from './icons.tsx';
import type { ToastEntry } from './Toast.tsx';
import styles from './Toast.module.css';

/** The toasts on screen, in a Radix viewport (announced politely, swipe or F8 to reach them). */
export function ToastStack({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastEntry[];
  onDismiss: (id: number) => void;
}) {
  return (
    <RadixToast.Provider swipeDirection="down" duration={4000}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open={toast.open}
          duration={toast.durationMs}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          className={cx(styles.toast, toast.tone && styles[toast.tone])}
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
        >
          <span className={styles.dot} aria-hidden="true" />
          <div>
            <RadixToast.Title className={styles.title}>{toast.title}</RadixToast.Title>
            {toast.description ? (
              <RadixToast.Description className={styles.description}>
                {toast.description}
              </RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close className={styles.close} aria-label="Dismiss">
            <CloseIcon size={16} />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} />
    </RadixToast.Provider>
  );
}
