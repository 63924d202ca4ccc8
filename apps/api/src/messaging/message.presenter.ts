import type { CarRecord } from '../cars/car.repository.ts';
import type { ConversationRow, MessageRow, ParticipantRow } from './messaging.repository.ts';
import type { Role } from '../accounts/access-token.service.ts';
import { presentCar } from '../cars/car.presenter.ts';
import { withoutBidiControls } from '../shared/plain-text.ts';
import { mediaUrl, parsePhotoKey, presentPhotoWith, type MediaUrlConfig } from '../media/media-url.ts';

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

/**
 * The phone a conversation shows of the other side (docs/SECURITY.md, 'Phones in chats'): a seller's (a dealership,
 * or anyone who lists a car) as their listings show it; anyone else's only once they have written in this
 * conversation, so opening a conversation with someone never reveals their number.
 */
function shownPhone(row: ParticipantRow | undefined, hasWritten: boolean): string | null {
  if (!row) return null;
  if (row.dealerId || row.sellsCars) return row.dealerPhone ?? row.phone;
  return hasWritten ? row.phone : null;
}

/** The conversation header: role dealer shows 'Verified Dealer'; phone feeds the phone reveal (null: 'Not available'). */
export function presentParticipant(
  row: ParticipantRow | undefined,
  id: string,
  media: MediaUrlConfig,
  hasWritten: boolean,
) {
  return {
    ...presentPerson(row, id),
    avatar: row?.avatarKey ? mediaUrl(row.avatarKey, media) : null,
    phone: shownPhone(row, hasWritten),
    dealerId: row?.dealerId ?? null,
  };
}

/** A viewer's own URL for an attachment key (signed for them: see PrivateMediaLinks). */
export type AttachmentUrl = (key: string) => string;

export function presentMessage(
  row: MessageRow,
  people: ReadonlyMap<string, ParticipantRow>,
  attachmentUrl: AttachmentUrl,
) {
  return {
    id: row.id,
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    message: row.message,
    attachments: row.attachments,
    attachmentUrls: row.attachments.map(attachmentUrl),
    attachmentPhotos: row.attachments.map((key) =>
      parsePhotoKey(key) ? presentPhotoWith(key, attachmentUrl) : null,
    ),
    // Messages sent before bidi controls were stripped from names show them cleaned too.
    attachmentFiles: row.attachmentFiles.map((file) => ({ ...file, name: withoutBidiControls(file.name) })),
    contact: row.contact ?? null,
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

/** The car strip of a conversation: the shared car answer trimmed to what the strip shows. */
export function presentConversationCar(record: CarRecord, media: MediaUrlConfig) {
  const car = presentCar(record.car, record.joins, media);
  return {
    id: car.id,
    _id: car._id,
    make: car.make,
    model: car.model,
    year: car.year,
    price: car.price,
    currency: car.currency,
    formattedPrice: car.formattedPrice,
    image: car.poster,
    video: car.videos[0] ?? null,
    videos: car.videos,
    images: car.images,
    sellerId: car.sellerId,
  };
}

export function presentConversation(
  row: ConversationRow,
  viewerId: string,
  parts: {
    people: ReadonlyMap<string, ParticipantRow>;
    latest: MessageRow | undefined;
    unreadCount: number;
    /** Whether the other side has written to the viewer here (their phone may then be shown). */
    writtenTo: boolean;
    car: CarRecord | undefined;
    media: MediaUrlConfig;
    attachmentUrl: AttachmentUrl;
  },
) {
  const otherId = row.userLowId === viewerId ? row.userHighId : row.userLowId;
  const latest = parts.latest ? presentMessage(parts.latest, parts.people, parts.attachmentUrl) : null;
  return {
    id: row.id,
    _id: row.id,
    participantId: otherId,
    participant: presentParticipant(parts.people.get(otherId), otherId, parts.media, parts.writtenTo),
    lastMessage: latest,
    latestMessage: latest,
    unreadCount: parts.unreadCount,
    car: parts.car ? presentConversationCar(parts.car, parts.media) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: (parts.latest?.createdAt ?? row.lastMessageAt).toISOString(),
  };
}
export type ConversationDto = ReturnType<typeof presentConversation>;
