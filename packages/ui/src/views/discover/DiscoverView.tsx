import { SearchIcon } from '../../components/icons.tsx';
import { EmptyState } from '../../components/States.tsx';
import { ViewPage } from '../ViewPage.tsx';

export function DiscoverView() {
  return (
    <ViewPage
      eyebrow="AI Discovery"
      title="Find your next car"
      purpose="Describe the car you want in your own words (AI Search) or take the five-step Lifestyle Match quiz; matches appear under AI-Matched Cars."
    >
      <EmptyState
        icon={<SearchIcon size={28} />}
        title="AI-Matched Cars"
        description="Your matches, with a score and the reasons each car fits, show here."
      />
    </ViewPage>
  );
}
