import { ChatIcon } from '../../components/icons.tsx';
import { EmptyState } from '../../components/States.tsx';
import { useBackTo } from '../useBackTo.ts';
import { ViewPage } from '../ViewPage.tsx';

export function MessagesView() {
  const back = useBackTo('messages');
  return (
    <ViewPage
      eyebrow="Inbox"
      title="Messages"
      purpose="Your conversations with dealers and sellers about their cars."
      onBack={back}
      backLabel="Back to browse"
    >
      <EmptyState
        icon={<ChatIcon size={28} />}
        title="No conversations yet"
        description="Start a conversation by contacting a dealer about a car"
        headingLevel={3}
      />
    </ViewPage>
  );
}
