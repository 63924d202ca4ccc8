import { useNavigation } from '../../state/navigation.ts';
import { useBackTo } from '../useBackTo.ts';
import { ViewPage } from '../ViewPage.tsx';

export function ChatView() {
  const chatUserId = useNavigation((s) => s.chatUserId);
  const carId = useNavigation((s) => s.carId);
  const back = useBackTo('chat');
  return (
    <ViewPage
      eyebrow="Conversation"
      title="Chat"
      purpose="A full-screen conversation with a seller, with the car you are asking about at the top."
      onBack={back}
      backLabel="Back to the feed"
    >
      <p>
        With <strong>{chatUserId}</strong>
        {carId ? (
          <>
            {' '}
            about car <strong>{carId}</strong>
          </>
        ) : null}
      </p>
    </ViewPage>
  );
}
