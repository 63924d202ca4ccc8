import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True while rendering on the server and while hydrating what the server rendered, false in every other render
 * (the render right after hydration included): what a component that measures the page draws before it can.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
