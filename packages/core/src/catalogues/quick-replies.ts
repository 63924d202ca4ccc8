/**
 * SPEC 9 chat quick replies: 6 questions about a specific car, 4 general ones, and the chat shows the
 * first 4 of whichever set applies.
 */

export interface QuickReply {
  readonly id: string;
  readonly text: string;
}

export const CAR_QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'availability', text: 'Is this car still available?' },
  { id: 'test-drive', text: 'Can I book a test drive?' },
  { id: 'history', text: 'Does it have a full service history and no accident damage?' },
  { id: 'negotiable', text: 'Is the price negotiable?' },
  { id: 'photos', text: 'Could you send more photos of the car?' },
  { id: 'location', text: 'Where can I view the car?' },
];

export const GENERIC_QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'vehicles', text: 'What vehicles do you currently have available?' },
  { id: 'financing', text: 'Do you offer financing options?' },
  { id: 'hours', text: 'What are your business hours?' },
  { id: 'showroom', text: 'Can I visit your showroom?' },
];

export const QUICK_REPLIES_SHOWN = 4;

/** SPEC 4: a quick reply is sent after this delay. */
export const QUICK_REPLY_DELAY_MS = 100;

export function quickRepliesFor(hasCar: boolean): readonly QuickReply[] {
  return (hasCar ? CAR_QUICK_REPLIES : GENERIC_QUICK_REPLIES).slice(0, QUICK_REPLIES_SHOWN);
}
