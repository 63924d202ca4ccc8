import { useHost } from './HostContext.tsx';

/** The application shell shared by the storefront and the dealer console. */
export function App() {
  const host = useHost();
  return (
    <main data-host={host.kind}>
      <h1>AutoReel</h1>
      <p>Loading...</p>
    </main>
  );
}
