/**
 * SPEC 9 chat quick replies: 6 questions about a specific car, 4 general ones, and the chat shows the
 * first 4 of whichever set applies (quickRepliesFor in rules/messages). Short questions, since they sit on
 * chips above the composer.
 */

export interface QuickReply {
  readonly id: string;
  readonly text: string;
}

export const CAR_QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'availability', text: 'Is this car still available?' },
  { id: 'test-drive', text: 'Can I book a test drive?' },
  { id: 'history', text: 'Does it have a full service history?' },
  { id: 'negotiable', text: 'Is the price negotiable?' },
  { id: 'photos', text: 'Could you send more photos?' },
  { id: 'location', text: 'Where can I see the car?' },
];

export const GENERIC_QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'vehicles', text: 'What vehicles do you have available?' },
  { id: 'financing', text: 'Do you offer financing?' },
  { id: 'hours', text: 'What are your business hours?' },
  { id: 'showroom', text: 'Can I visit your showroom?' },
];

/**
 * The seller's side of a chat about a car (a dealer or a private seller answering a buyer): the answers sellers
 * give most. The SPEC's sets are the buyer's questions; a dealer was shown them too.
 */
export const SELLER_CAR_QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'still-available', text: 'Yes, it is still available' },
  { id: 'viewing', text: 'When would you like to view it?' },
  { id: 'offer-test-drive', text: 'You are welcome to book a test drive' },
  { id: 'send-photos', text: 'I can send you more photos' },
  { id: 'finance', text: 'Finance can be arranged' },
  { id: 'sold', text: 'Sorry, this car has been sold' },
];

export const SELLER_GENERIC_QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'thanks', text: 'Thanks for your message' },
  { id: 'which-car', text: 'Which car are you interested in?' },
  { id: 'visit', text: 'When would you like to visit?' },
  { id: 'call', text: 'Can I call you to discuss?' },
];

/** SPEC 9: quick replies show the first 4 of a set. */
export const QUICK_REPLIES_SHOWN = 4;

/** SPEC 4: a quick reply is sent after this delay. */
export const QUICK_REPLY_DELAY_MS = 100;
