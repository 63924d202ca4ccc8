import type { OtpSender } from '../../otp/otp-sender.ts';
import type { DeliveryOutcome, NotificationChannel, OutgoingNotification } from '../channels/channel.ts';
import type { NotificationSettingsService } from '../settings/notification-settings.service.ts';
import type { WhatsAppNoticeRepository } from './whatsapp-notice.repository.ts';

/** At most one notice per conversation in this time. */
export const WHATSAPP_NOTICE_INTERVAL_MS = 60 * 60_000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CHAT_LINK = new RegExp(`^/messages/(${UUID})(?:\\?(?:.*&)?car=(${UUID}))?`, 'i');

/** The sender and car a new-message notification's link names: the chat's path, `/messages/{userId}?car={carId}`. */
export function chatOfLink(link: string): { senderId: string; carId: string | null } | null {
  const match = CHAT_LINK.exec(link);
  if (!match?.[1]) return null;
  return { senderId: match[1].toLowerCase(), carId: match[2]?.toLowerCase() ?? null };
}

export interface WhatsAppChannelOptions {
  sender: OtpSender;
  notices: WhatsAppNoticeRepository;
  settings: NotificationSettingsService;
  now: () => Date;
}

/**
 * New messages on WhatsApp, through the same provider as the one-time codes: a seller away from the app for more
 * than 15 minutes is told who wrote about which car (never the text, never a phone number), at most once per
 * conversation an hour, and not in their quiet hours (deferred to their end).
 */
export class WhatsAppChannel implements NotificationChannel {
  readonly name = 'whatsapp' as const;
  readonly #options: WhatsAppChannelOptions;

  constructor(options: WhatsAppChannelOptions) {
    this.#options = options;
  }

  async deliver(notification: OutgoingNotification): Promise<DeliveryOutcome> {
    const { sender, notices, settings, now } = this.#options;
    if (notification.kind !== 'message')
      return { outcome: 'skipped', reason: 'WhatsApp carries new messages only' };
    const chat = chatOfLink(notification.link);
    if (!chat) return { outcome: 'skipped', reason: 'no conversation in the link' };
    const decision = await settings.decide(notification.userId, 'message', 'whatsapp');
    if ('deferUntil' in decision) return { outcome: 'deferred', until: decision.deferUntil };
    if (!decision.send) return { outcome: 'skipped', reason: decision.reason };
    if (!(await settings.isAway(notification.userId))) return { outcome: 'skipped', reason: 'in the app' };

    const context = await notices.contextOf(notification.userId, chat.senderId, chat.carId);
    if (!context) return { outcome: 'skipped', reason: 'no conversation' };
    const { car } = context;
    if (!car || car.sellerId !== notification.userId) return { outcome: 'skipped', reason: 'not the seller' };

    const at = now();
    const since = new Date(at.getTime() - WHATSAPP_NOTICE_INTERVAL_MS);
    if (!(await notices.claim(notification.userId, chat.senderId, at, since))) {
      return { outcome: 'skipped', reason: 'told within the hour' };
    }
    try {
      await sender.sendNewMessageNotice({
        to: context.phone,
        senderName: context.senderName,
        car: { year: car.year, make: car.make, model: car.model },
      });
    } catch (error) {
      await notices.release(notification.userId, chat.senderId, at);
      throw error;
    }
    return { outcome: 'sent' };
  }
}
