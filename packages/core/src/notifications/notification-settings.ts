import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKindName } from './notification.ts';

/** A kind of notification as Settings names it: every kind is always shown in the app's list. */
export type NotificationSettingKind = NotificationKindName;

/** The Settings screen's label of each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationSettingKind, string> = {
  message: 'New messages',
  comment_reply: 'Replies to my comments',
  application_decided: 'Seller application decisions',
  saved_search_match: 'New matches for saved searches',
  price_drop: 'Price drops on cars I like',
  listing_moderated: 'My listings hidden or restored',
  report_outcome: 'Decisions on my reports',
  content_removed: 'My comments or reviews removed',
};

/**
 * Only new messages go to WhatsApp: it is the one kind with an approved template, and the one a seller loses a sale
 * by missing. The other kinds reach the app and push.
 */
export const WHATSAPP_NOTIFICATION_KINDS: readonly NotificationSettingKind[] = ['message'];

/** 'HH:MM' on a 24-hour clock. */
export const ClockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour clock)');

/** Whether the runtime knows this IANA zone name ('Africa/Johannesburg'); names are matched as the runtime spells them. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, 'Choose a known time zone');

const ChannelChoiceSchema = z.object({ push: z.boolean(), whatsapp: z.boolean() }).strict();

/** The channels beyond the app, chosen per kind. */
export const NotificationChannelsByKindSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, ChannelChoiceSchema])) as Record<
      NotificationSettingKind,
      typeof ChannelChoiceSchema
    >,
  )
  .strict();
export type NotificationChannelsByKind = z.infer<typeof NotificationChannelsByKindSchema>;

/** Start and end of the hours nothing is sent beyond the app; an end before the start runs past midnight. */
export const QuietHoursSchema = z
  .object({ start: ClockTimeSchema, end: ClockTimeSchema })
  .strict()
  .refine((hours) => hours.start !== hours.end, {
    message: 'Quiet hours must end at another time than they start',
    path: ['end'],
  });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** GET and PUT /account/notification-settings: a whole set, replaced at once. */
export const NotificationSettingsSchema = z
  .object({
    channels: NotificationChannelsByKindSchema,
    /** null: no quiet hours. */
    quietHours: QuietHoursSchema.nullable(),
    /** The zone quiet hours are read in: the account's, sent by its device when saved. */
    timeZone: TimeZoneSchema,
  })
  .strict()
  .superRefine((settings, context) => {
    for (const kind of NOTIFICATION_KINDS) {
      if (settings.channels[kind].whatsapp && !WHATSAPP_NOTIFICATION_KINDS.includes(kind)) {
        context.addIssue({
          code: 'custom',
          path: ['channels', kind, 'whatsapp'],
          message: 'WhatsApp carries new messages only',
        });
      }
    }
  });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** The zone an account's quiet hours are read in until its device saves its own: Eswatini's. */
export const DEFAULT_NOTIFICATION_TIME_ZONE = 'Africa/Mbabane';

/** Before an account saves any: push for every kind, WhatsApp for new messages, no quiet hours. */
export function defaultNotificationSettings(): NotificationSettings {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { push: true, whatsapp: WHATSAPP_NOTIFICATION_KINDS.includes(kind) },
    ]),
  ) as NotificationChannelsByKind;
  return { channels, quietHours: null, timeZone: DEFAULT_NOTIFICATION_TIME_ZONE };
}

function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** The wall-clock minute of the day (0 to 1439) at `at` in `timeZone`. */
export function minuteOfDayIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * When the quiet hours `now` falls in end, or null outside them (and without quiet hours). The start is inside and
 * the end outside. Counted in wall-clock minutes of the zone, so a daylight-saving change inside the hours moves the
 * end by that hour at most.
 */
export function quietHoursEnd(now: Date, quietHours: QuietHours | null, timeZone: string): Date | null {
  if (!quietHours) return null;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  const current = minuteOfDayIn(now, timeZone);
  const inside = start < end ? current >= start && current < end : current >= start || current < end;
  if (!inside) return null;
  const minutesLeft = (end - current + 1440) % 1440;
  const atMinuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(atMinuteStart + minutesLeft * 60_000);
}

/** POST /push-subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: z
      .string()
      .max(2000)
      .url()
      .refine((url) => url.startsWith('https://'), { message: 'A push endpoint is an https address' }),
    keys: z
      .object({
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}=*$/, 'Not a P-256 public key'),
        auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}=*$/, 'Not a push auth secret'),
      })
      .strict(),
    expirationTime: z.number().nullable().optional(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** DELETE /push-subscriptions: this device's subscription, by its endpoint. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.string().max(2000) }).strict();

export const PushSubscribedSchema = z.object({ subscribed: z.boolean() });

/** GET /push/public-key: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export const PushPublicKeySchema = z.object({ publicKey: z.string().nullable() });
