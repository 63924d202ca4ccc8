import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  durationMs?: number;
}

export interface ToastEntry extends ToastInput {
  id: number;
  open: boolean;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

// The toasts' widgets load with the first toast: every first screen would otherwise parse them for nothing.
const ToastStack = lazy(() => import('./ToastStack.tsx').then((m) => ({ default: m.ToastStack })));

/** Holds the toasts; once one has been shown, ToastStack draws them (and stays, so the next one is instant). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [used, setUsed] = useState(false);
  const show = useCallback<ShowToast>((toast) => {
    setUsed(true);
    setToasts((list) => [...list.slice(-2), { ...toast, id: Date.now() + Math.random(), open: true }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside a ToastProvider');
  return show;
}
