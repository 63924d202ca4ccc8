import { TagIcon } from '../../components/icons.tsx';
import { EmptyState } from '../../components/States.tsx';
import { ViewPage } from '../ViewPage.tsx';

export function BecomeSellerView() {
  return (
    <ViewPage
      eyebrow="Sell"
      title="Sell your car"
      purpose="Apply to become a dealer, or sell your own car privately. Listings by private sellers are marked Private Seller."
    >
      <EmptyState
        icon={<TagIcon size={28} />}
        title="Become a Dealer or Sell Privately"
        description="Choose how you want to sell."
        headingLevel={3}
      />
    </ViewPage>
  );
}
