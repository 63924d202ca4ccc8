export type {
  HeldFile,
  Host,
  HostTokens,
  PickedFile,
  PickFilesOptions,
  PreparedVideo,
  VideoProgress,
} from './host.ts';
export { HostProvider, useHost } from './HostContext.tsx';
export { App, type AppProps } from './App.tsx';
export { ApiProvider, useApi, makeQueryClient, resolveAssetUrl, type Api } from './api/ApiProvider.tsx';

export { Button, IconButton, cx, type ButtonProps, type IconButtonProps } from './components/Button.tsx';
export { TextField, PasswordField, type TextFieldProps } from './components/TextField.tsx';
export { Dialog, type DialogProps } from './components/Dialog.tsx';
export { Sheet, SHEET_DISMISS_PX, closeThresholdFor, type SheetProps } from './components/Sheet.tsx';
export { Tabs, type TabsProps, type TabItem } from './components/Tabs.tsx';
export { Select, type SelectProps, type SelectOption } from './components/Select.tsx';
export { ToastProvider, useToast, type ToastInput } from './components/Toast.tsx';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './components/Menu.tsx';
export { Spinner, Splash } from './components/Spinner.tsx';
export { EmptyState, ErrorState } from './components/States.tsx';
export * from './components/icons.tsx';

export * from './state/navigation.ts';
export * from './state/events.ts';
export * from './state/session.ts';
export * from './state/flow.ts';
export { bindHistory, locationFromUrl, pathFor } from './state/url.ts';
export { localStorageDraftStore, memoryDraftStore, type DraftStore } from './drafts/draft-store.ts';
export { DraftStoreProvider, useDraftStore } from './drafts/DraftStoreContext.tsx';

export { DealerDashboard, type DealerDashboardProps } from './views/dealer/DealerDashboard.tsx';

export { firstScreenHero, type HeroImage } from './first-screen-hero.ts';
export { preloadFirstScreen } from './view-registry.tsx';
export { type FirstAnswers } from './api/first-answers.ts';
