import { UserIcon } from '../../components/icons.tsx';
import { EmptyState } from '../../components/States.tsx';
import { useBackTo } from '../useBackTo.ts';
import { ViewPage } from '../ViewPage.tsx';

export function AccountView() {
  const back = useBackTo('account');
  return (
    <ViewPage
      eyebrow="Account"
      title="My Account"
      purpose="Your liked cars, your profile and phone verification, and settings, help and feedback."
      onBack={back}
      backLabel="Back to browse"
    >
      <EmptyState icon={<UserIcon size={28} />} title="Favorites, Profile, Settings" headingLevel={3} />
    </ViewPage>
  );
}
