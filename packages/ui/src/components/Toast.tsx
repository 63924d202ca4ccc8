import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cx } from './Button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './Toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  durationMs?: number;
}

interface ToastEntry extends ToastInput {
  id: number;
  open: boolean;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Holds the toasts and renders them in a Radix viewport (announced politely, swipe or F8 to reach them). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((list) => [...list.slice(-2), { ...toast, id: Date.now() + Math.random(), open: true }]);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="down" duration={4000}>
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            open={toast.open}
            duration={toast.durationMs}
            type={toast.tone === 'error' ? 'foreground' : 'background'}
            className={cx(styles.toast, toast.tone && styles[toast.tone])}
            onOpenChange={(open) => {
              if (!open) setToasts((list) => list.filter((t) => t.id !== toast.id));
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
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside a ToastProvider');
  return show;
}
