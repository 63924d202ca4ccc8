import { demoUser, type RecordedCall } from '../testing/api-server.test-support.ts';
import { useSession } from '../state/session.ts';

/** The signed-in buyer of the messaging tests. */
export const ME = 'u1';
export const DEALER = 'u2';

export function signInAsBuyer(): void {
  useSession.setState({ status: 'authenticated', user: { ...demoUser(), _id: ME, id: ME } as never });
}

/** The dealer of the messaging tests, signed in: the seller of the fixture conversation's car. */
export function signInAsDealer(): void {
  useSession.setState({
    status: 'authenticated',
    user: { ...demoUser(), _id: DEALER, id: DEALER, role: 'dealer' } as never,
  });
}

const person = (id: string, name: string, role: string) => ({ id, _id: id, name, role });

export function apiMessage(n: number, overrides: Record<string, unknown> = {}) {
  const createdAt = (overrides['createdAt'] as string | undefined) ?? new Date().toISOString();
  const senderId = (overrides['senderId'] as string | undefined) ?? ME;
  const receiverId = senderId === ME ? DEALER : ME;
  return {
    id: `m${n}`,
    _id: `m${n}`,
    conversationId: 'c1',
    senderId,
    receiverId,
    message: `Message ${n}`,
    attachments: [],
    attachmentUrls: [],
    carId: null,
    messageType: 'text',
    contactMethod: 'in_app',
    isRead: false,
    readAt: null,
    createdAt,
    updatedAt: createdAt,
    sender:
      senderId === ME ? person(ME, 'Thandi Dlamini', 'customer') : person(DEALER, 'Mbabane Motors', 'dealer'),
    receiver:
      receiverId === ME
        ? person(ME, 'Thandi Dlamini', 'customer')
        : person(DEALER, 'Mbabane Motors', 'dealer'),
    ...overrides,
  };
}

/** The data of POST /messages/send's answer: the message and the Idempotency-Key the call sent, echoed. */
export function sentAnswer(call: RecordedCall, message: unknown) {
  const key = call.headers['idempotency-key'];
  return { message, clientId: typeof key === 'string' ? key : null };
}

export function apiConversation(overrides: Record<string, unknown> = {}) {
  const last = apiMessage(1, { senderId: DEALER, message: 'Yes, it is still available' });
  return {
    id: 'c1',
    _id: 'c1',
    participantId: DEALER,
    participant: {
      ...person(DEALER, 'Mbabane Motors', 'dealer'),
      avatar: null,
      phone: '+26876000002',
      dealerId: 'd1',
    },
    lastMessage: last,
    latestMessage: last,
    unreadCount: 0,
    car: {
      id: 'car-1',
      _id: 'car-1',
      make: 'BMW',
      model: 'X5',
      year: 2021,
      price: 450000,
      currency: { code: 'SZL', name: 'Lilangeni', symbol: 'E' },
      formattedPrice: null,
      image: null,
      video: null,
      videos: [],
      images: [],
      sellerId: DEALER,
    },
    createdAt: last.createdAt,
    updatedAt: last.createdAt,
    ...overrides,
  };
}
