export type {
  HeldFile,
  Host,
  HostNotification,
  HostPush,
  HostPushSubscription,
  HostTokens,
  PickedFile,
  PickFilesOptions,
  PreparedVideo,
  VideoProgress,
} from './platform/host.ts';
export { HostProvider, useHost } from './platform/HostContext.tsx';
export { App, type AppProps } from './App.tsx';
export { ApiProvider, useApi, makeQueryClient, resolveAssetUrl, type Api } from './platform/ApiProvider.tsx';

export { Button, IconButton, type ButtonProps, type IconButtonProps } from './kit/Button.tsx';
export { cx } from './kit/cx.ts';
export { TextField, PasswordField, type TextFieldProps } from './kit/TextField.tsx';
export { Dialog, type DialogProps } from './kit/Dialog.tsx';
export { Sheet, SHEET_DISMISS_PX, closeThresholdFor, type SheetProps } from './kit/Sheet.tsx';
export { Tabs, type TabsProps, type TabItem } from './kit/Tabs.tsx';
export { Select, type SelectProps, type SelectOption } from './kit/Select.tsx';
export { ToastProvider, useToast, type ToastInput } from './kit/Toast.tsx';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './kit/Menu.tsx';
export { Spinner, Splash } from './kit/Spinner.tsx';
export { EmptyState, ErrorState } from './kit/States.tsx';
export * from './kit/icons.tsx';

export * from './state/navigation.ts';
export * from './state/events.ts';
export * from './state/session.ts';
export * from './state/flow.ts';
export { bindHistory, locationFromUrl, pathFor } from './state/url.ts';
export { localStorageDraftStore, memoryDraftStore, type DraftStore } from './platform/draft-store.ts';
export { DraftStoreProvider, useDraftStore } from './platform/DraftStoreContext.tsx';

export { DealerDashboard, type DealerDashboardProps } from './views/dealer/DealerDashboard.tsx';

export { firstScreenHero, type HeroImage } from './first-screen-hero.ts';
export { preloadFirstScreen } from './view-registry.tsx';
export { type FirstAnswers } from './platform/first-answers.ts';
