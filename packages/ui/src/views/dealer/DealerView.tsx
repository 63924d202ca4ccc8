import { DashboardIcon } from '../../components/icons.tsx';
import { EmptyState } from '../../components/States.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { ViewPage } from '../ViewPage.tsx';
import { AddCarWizard } from './wizard/AddCarWizard.tsx';

export function DealerView() {
  const tab = useNavigation((s) => s.dealerTab);
  const setDealerTab = useNavigation((s) => s.setDealerTab);
  return (
    <ViewPage
      eyebrow="Dealer Dashboard"
      title="Dashboard"
      purpose="Manage your inventory, add cars with the five-step wizard, and keep your dealership settings up to date."
    >
      {tab === 'add' ? (
        <AddCarWizard onManageCars={() => setDealerTab('inventory')} />
      ) : (
        <EmptyState icon={<DashboardIcon size={28} />} title={`Tab: ${tab}`} headingLevel={3} />
      )}
    </ViewPage>
  );
}
