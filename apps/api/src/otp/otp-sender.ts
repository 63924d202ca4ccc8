import type { OtpType } from '@autoreel/core';

/**
 * What a code is for: the public auth steps' types, and a dealership's new phone (asked only by its signed-in owner,
 * so it is not a type the public resend accepts).
 */
export type OtpPurpose = OtpType | 'dealer_phone';

const PURPOSE_WORDS: Record<OtpPurpose, string> = {
  signup: 'verification',
  password_reset: 'password reset',
  dealer_phone: 'phone change',
};

/** What a provider needs to deliver one code. The code is never logged anywhere along this path. */
export interface OtpMessage {
  /** E.164 phone number. */
  to: string;
  code: string;
  purpose: OtpPurpose;
}

/** What a seller away from the app is told of a new message: no text of it, and nothing of the sender but a name. */
export interface NewMessageNotice {
  /** E.164 phone number of the seller. */
  to: string;
  senderName: string;
  car: { year: number; make: string; model: string };
}

/**
 * A channel that delivers one-time codes and short notices to a phone (WhatsApp in production, the dev outbox
 * elsewhere).
 */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
  /** Tells the owner of a registered number that someone tried to sign up with it (no code). */
  sendSignupAttemptNotice(to: string): Promise<void>;
  /** Tells a seller away from the app that a buyer wrote about one of their cars. */
  sendNewMessageNotice(notice: NewMessageNotice): Promise<void>;
}

/** The notice's text, as the dev outbox shows it and the WhatsApp template renders it. */
export function newMessageNoticeBody({ senderName, car }: NewMessageNotice): string {
  return `New message from ${senderName} about your ${car.year} ${car.make} ${car.model}`;
}

/** What the owner of a registered number reads when someone tries to sign up with it. */
export const SIGNUP_ATTEMPT_NOTICE =
  'Someone tried to create an AutoReel account with your number. If it was you, sign in or reset your password.';

/** Validity of a code, in minutes; part of the message text. */
export const OTP_TTL_MINUTES = 10;

/** The text of a code message, as the dev outbox shows it and as the WhatsApp template renders it. */
export function otpMessageBody(code: string, purpose: OtpPurpose): string {
  return `${code} is your AutoReel ${PURPOSE_WORDS[purpose]} code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it with anyone.`;
}
