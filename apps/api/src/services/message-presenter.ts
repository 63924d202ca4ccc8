import { displayPrice } from '@autoreel/core/rules/price';
import type {
  ConversationCarRow,
  ConversationRow,
  MessageRow,
  ParticipantRow,
} from '../repositories/messaging.repository.ts';
import type { Role } from './access-token.service.ts';
import { mediaUrl } from './media-url.ts';

function roleOf(role: string): Role {
  return role === 'dealer' || role === 'admin' ? role : 'customer';
}

/** The name a user shows in chats: their dealership's name when they own one, so buyers see who they talk to. */
function displayName(row: ParticipantRow): string {
  return row.dealerName ?? row.name;
}

export function presentPerson(row: ParticipantRow | undefined, id: string) {
  return {
    id,
    _id: id,
    name: row ? displayName(row) : 'Unknown user',
    role: roleOf(row?.role ?? 'customer'),
  };
}

/** The conversation header: role dealer shows 'Verified Dealer'; phone feeds the phone reveal (null: 'Not available'). */
export function presentParticipant(
  row: ParticipantRow | undefined,
  id: string,
  cdnBaseUrl: string | undefined,
) {
  return {
    ...presentPerson(row, id),
    avatar: row?.avatarKey ? mediaUrl(row.avatarKey, cdnBaseUrl) : null,
    phone: row?.dealerPhone ?? row?.phone ?? null,
    dealerId: row?.dealerId ?? null,
  };
}

export function presentMessage(
  row: MessageRow,
  people: ReadonlyMap<string, ParticipantRow>,
  cdnBaseUrl: string | undefined,
) {
  return {
    id: row.id,
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    message: row.message,
    attachments: row.attachments,
    attachmentUrls: row.attachments.map((key) => mediaUrl(key, cdnBaseUrl)),
    carId: row.carId,
    messageType: row.messageType as 'text' | 'image' | 'document' | 'mixed',
    contactMethod: row.contactMethod as 'in_app' | 'phone' | 'whatsapp',
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sender: presentPerson(people.get(row.senderId), row.senderId),
    receiver: presentPerson(people.get(row.receiverId), row.receiverId),
  };
}
export type MessageDto = ReturnType<typeof presentMessage>;

/** The car strip of a conversation; a video shows only once it is ready to play. */
export function presentConversationCar(row: ConversationCarRow, cdnBaseUrl: string | undefined) {
  const url = (key: string) => mediaUrl(key, cdnBaseUrl);
  const images = row.images.map(url);
  const videos = row.videoStatus === 'ready' ? row.videos.map(url) : [];
  // Eswatini's lilangeni shows as 'E' (SPEC 1 and 9); other currencies show their code until countries say more.
  const symbol = row.currency === 'SZL' ? 'E' : row.currency;
  return {
    id: row.id,
    _id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    price: row.price,
    currency: { code: row.currency, name: null, symbol },
    formattedPrice: displayPrice({ price: row.price, currency: symbol }),
    image: row.posterKey ? url(row.posterKey) : (images[0] ?? null),
    video: videos[0] ?? null,
    videos,
    images,
  };
}

export function presentConversation(
  row: ConversationRow,
  viewerId: string,
  parts: {
    people: ReadonlyMap<string, ParticipantRow>;
    latest: MessageRow | undefined;
    unreadCount: number;
    car: ConversationCarRow | undefined;
    cdnBaseUrl: string | undefined;
  },
) {
  const otherId = row.userLowId === viewerId ? row.userHighId : row.userLowId;
  const latest = parts.latest ? presentMessage(parts.latest, parts.people, parts.cdnBaseUrl) : null;
  return {
    id: row.id,
    _id: row.id,
    participantId: otherId,
    participant: presentParticipant(parts.people.get(otherId), otherId, parts.cdnBaseUrl),
    lastMessage: latest,
    latestMessage: latest,
    unreadCount: parts.unreadCount,
    car: parts.car ? presentConversationCar(parts.car, parts.cdnBaseUrl) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: (parts.latest?.createdAt ?? row.lastMessageAt).toISOString(),
  };
}
export type ConversationDto = ReturnType<typeof presentConversation>;
