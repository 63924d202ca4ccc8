import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@autoreel/api-client';
import { ATTACHMENT_UPLOAD_FAILED, chatSideOf } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { ChatIcon } from '../../../kit/icons.tsx';
import { Spinner } from '../../../kit/Spinner.tsx';
import { EmptyState, ErrorState } from '../../../kit/States.tsx';
import { messagingKeys } from '../../../messaging/queries.ts';
import { SignInPrompt } from '../../../messaging/SignInPrompt.tsx';
import { useNow } from '../../../messaging/useNow.ts';
import { useNavigation } from '../../../state/navigation.ts';
import { useSession } from '../../../state/session.ts';
import { CarStrip } from './CarStrip.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { QuickReplies } from './QuickReplies.tsx';
import { SafetyBanner } from './SafetyBanner.tsx';
import { useAttachmentPicker } from './useAttachmentPicker.ts';
import { useChatContext } from './useChatContext.ts';
import { useConfirm } from './useConfirm.tsx';
import { useEarlierMessages } from './useEarlierMessages.ts';
import { useReadMarking } from './useReadMarking.ts';
import { useSendMessage } from './useSendMessage.ts';
import { useRequestPushAfterGesture } from '../../../notifications/settings/usePushAfterGesture.ts';
import styles from './Chat.module.css';

function useBackToList(): () => void {
  const navigate = useNavigation((s) => s.navigate);
  const queryClient = useQueryClient();
  return () => {
    // SPEC 4: back returns to the list and reloads it.
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    navigate('messages');
  };
}

function ChatScreen({
  chatUserId,
  carId,
  myId,
  myRole,
}: {
  chatUserId: string;
  carId: string | null;
  myId: string;
  myRole: string | null;
}) {
  const queryClient = useQueryClient();
  const openCar = useNavigation((s) => s.openCar);
  const back = useBackToList();
  const now = useNow();
  const { history, context } = useChatContext(chatUserId, carId);
  // The history lives in the query cache only: sends, the stream and read marking change it there.
  const messages = history.data?.messages ?? [];
  const { confirm, alert, dialog } = useConfirm();
  const attachments = useAttachmentPicker({ confirm, alert });
  const conversationId = context && !context.isPlaceholder ? context.conversationId : null;
  const send = useSendMessage({ chatUserId, carId: carId ?? context?.car?.id ?? null, myId });
  const requestPush = useRequestPushAfterGesture();

  const reloadHistory = () => queryClient.invalidateQueries({ queryKey: messagingKeys.history(chatUserId) });
  useReadMarking({ chatUserId, conversationId, messages, myId });
  const earlier = useEarlierMessages(chatUserId, history.data?.total ?? 0);

  async function deliver(text: string, files: typeof attachments.files) {
    const result = await send(text, files);
    // The first message creates the conversation: load it, so read receipts and reports have its id.
    if (result === 'sent' && !conversationId) {
      void reloadHistory();
      // A first message is the gesture that makes an answer worth a notification: the one moment push is asked.
      void requestPush();
    }
    return result;
  }

  async function sendMessage(text: string): Promise<boolean> {
    const files = attachments.files;
    attachments.set([]);
    const result = await deliver(text, files);
    if (result === 'upload-failed') {
      attachments.set(files);
      await alert(ATTACHMENT_UPLOAD_FAILED);
      return false;
    }
    if (result === 'invalid') {
      attachments.set(files);
      return false;
    }
    return true;
  }

  if (history.isPending || (!context && !history.isError)) {
    return (
      <div className={styles.state} role="status">
        <Spinner /> Loading conversation...
      </div>
    );
  }
  if (!context) {
    const missing = history.error instanceof ApiError && history.error.status === 404;
    return (
      <div className={styles.state}>
        {missing ? (
          <EmptyState
            icon={<ChatIcon size={28} />}
            title="This conversation is not available"
            description="The person you tried to reach could not be found."
            actions={<Button onClick={back}>Back to messages</Button>}
          />
        ) : (
          <ErrorState
            title="Could not load this conversation"
            message={history.error?.message ?? 'Please try again.'}
            onRetry={() => void history.refetch()}
          />
        )}
      </div>
    );
  }

  const car = context.car;
  const side = chatSideOf({
    myId,
    myRole,
    peerRole: context.peer.role,
    carSellerId: car?.sellerId,
    hasCar: car !== null,
  });
  return (
    <div className={styles.chat} data-conversation-id={context.conversationId}>
      <ChatHeader peer={context.peer} canReport={!context.isPlaceholder} onBack={back} />
      <SafetyBanner side={side} />
      {car ? <CarStrip car={car} onOpen={() => openCar(car.id)} /> : null}
      {/* Focusable, so a keyboard can scroll the messages as a mouse or finger can. */}
      <div
        className={styles.scroller}
        data-testid="chat-messages"
        role="region"
        aria-label="Message history"
        tabIndex={0}
      >
        {earlier.hasMore ? (
          <div className={styles.earlier}>
            <Button
              variant="ghost"
              size="sm"
              loading={earlier.loading}
              onClick={() => void earlier.loadMore()}
            >
              {earlier.failed ? 'Could not load earlier messages. Try again' : 'Load earlier messages'}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className={styles.empty}>
            {context.isPlaceholder
              ? `Say hello to ${context.peer.name}. Your first message starts the conversation.`
              : 'No messages yet.'}
          </p>
        ) : (
          <MessageList messages={messages} myId={myId} now={now} conversationId={conversationId} />
        )}
      </div>
      <QuickReplies hasCar={car !== null} side={side} onSend={(text) => void deliver(text, [])} />
      <Composer
        initialText={context.draft}
        files={attachments.files}
        onAttach={() => void attachments.pick()}
        onRemoveFile={attachments.remove}
        onSend={sendMessage}
      />
      {dialog}
    </div>
  );
}

/** chat: one conversation, opened with the other person (and a car) from the navigation store (SPEC 2). */
export function ChatView() {
  const chatUserId = useNavigation((s) => s.chatUserId);
  const carId = useNavigation((s) => s.carId);
  const status = useSession((s) => s.status);
  const myId = useSession((s) => s.user?.id ?? null);
  const myRole = useSession((s) => s.user?.role ?? null);
  const navigate = useNavigation((s) => s.navigate);
  if (status !== 'authenticated' || !myId) {
    return (
      <div className={styles.state}>
        <SignInPrompt />
      </div>
    );
  }
  if (!chatUserId) {
    return (
      <div className={styles.state}>
        <EmptyState
          icon={<ChatIcon size={28} />}
          title="No conversation selected"
          actions={<Button onClick={() => navigate('messages')}>Open messages</Button>}
        />
      </div>
    );
  }
  return (
    <ChatScreen
      key={`${chatUserId}:${carId ?? ''}`}
      chatUserId={chatUserId}
      carId={carId}
      myId={myId}
      myRole={myRole}
    />
  );
}
