import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy, plus `preload`: once the code has arrived, a new instance renders the component at once instead of
 * suspending. The app preloads the first screen's views before it hydrates the server's render (main.tsx), so an
 * update that reaches a boundary not yet hydrated (the session read at start) hydrates it there and then; a
 * boundary that suspended would be dropped and drawn again on the client.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchCode = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Decided once per instance, so an instance never switches between the two (which would remount it).
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloadable, { preload: () => fetchCode().then(() => undefined) });
}
