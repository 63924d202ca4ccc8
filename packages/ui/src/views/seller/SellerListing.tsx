import { useState } from 'react';
import type { SellerType } from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';
import { Button } from '../../kit/Button.tsx';
import { useHost } from '../../platform/HostContext.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { isDealer, refreshUser, useSession } from '../../state/session.ts';
import { AddCarWizard } from '../../listing/AddCarWizard.tsx';
import { MyCarsList } from './MyCarsList.tsx';
import styles from './Seller.module.css';

/**
 * Manage My Cars. A dealer's cars live in the dashboard's inventory tab; a dealer approved since the session began
 * is re-read first, or the dashboard would still see a customer and ask to sign in.
 */
function useOpenDealerInventory() {
  const { client } = useApi();
  const host = useHost();
  const navigate = useNavigation((s) => s.navigate);
  const setDealerTab = useNavigation((s) => s.setDealerTab);
  return async () => {
    if (!isDealer(useSession.getState().user)) await refreshUser(client, host).catch(() => null);
    setDealerTab('inventory');
    navigate('dealer');
  };
}

/**
 * The listing form for approved sellers (SPEC 2 'Become-seller'): the Add Car wizard with a Manage My Cars link.
 * Private sellers manage their cars here, since they have no dashboard.
 */
export function SellerListing({ sellerType }: { sellerType: SellerType }) {
  const [managing, setManaging] = useState(false);
  const openCar = useNavigation((s) => s.openCar);
  const openDealerInventory = useOpenDealerInventory();
  const manageCars = sellerType === 'dealer' ? () => void openDealerInventory() : () => setManaging(true);

  if (managing) return <MyCarsList onAddCar={() => setManaging(false)} />;
  return (
    <section className={styles.section}>
      <div className={styles.sectionHeader}>
        <div>
          <h2 className={styles.sectionTitle}>List Your Car</h2>
          <p className={styles.sellerBadge}>
            {sellerType === 'dealer' ? 'Dealer Account' : 'Private Seller'}
          </p>
        </div>
        <Button variant="link" onClick={manageCars}>
          Manage My Cars
        </Button>
      </div>
      <AddCarWizard onDone={openCar} onManageCars={manageCars} />
    </section>
  );
}
