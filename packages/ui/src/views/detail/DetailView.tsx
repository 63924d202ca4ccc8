import { Button } from '../../kit/Button.tsx';
import { CarIcon } from '../../kit/icons.tsx';
import { EmptyState } from '../../kit/States.tsx';
import { useNavigation } from '../../state/navigation.ts';

import { CarDetail } from '../../car-detail/CarDetail.tsx';

/** detail: one car; without a selected car it says the car is gone and offers the listings. */
export function DetailView() {
  const carId = useNavigation((s) => s.carId);
  const navigate = useNavigation((s) => s.navigate);
  if (!carId) {
    return (
      <EmptyState
        icon={<CarIcon size={28} />}
        title="This car is no longer available"
        actions={<Button onClick={() => navigate('browse')}>Back to listings</Button>}
      />
    );
  }
  return <CarDetail key={carId} carId={carId} />;
}
