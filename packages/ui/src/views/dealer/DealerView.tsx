import { DealerDashboard } from './DealerDashboard.tsx';

/** The dealer view of the shell (SPEC 2): the dashboard. */
export function DealerView() {
  return <DealerDashboard />;
}
