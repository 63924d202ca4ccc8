/** The Contact Dealer form's fixed words, times and limits; its rules are in rules/contact-dealer.ts. */

/** What the form is for: a general enquiry (Contact Dealer) or a test drive (Schedule Test Drive). */
export type ContactPurpose = 'enquiry' | 'test-drive';

/** SPEC 2: the titles of the modal, and of the detail page's buttons that open it. */
export const CONTACT_DEALER_TITLE = 'Contact Dealer';
/** A private seller is not a dealer: their listings say 'Contact Seller' wherever a dealer's say 'Contact Dealer'. */
export const CONTACT_SELLER_TITLE = 'Contact Seller';

export function contactTitleFor(privateSeller: boolean): string {
  return privateSeller ? CONTACT_SELLER_TITLE : CONTACT_DEALER_TITLE;
}
export const SCHEDULE_TEST_DRIVE_TITLE = 'Schedule Test Drive';

export const CONTACT_NAME_MAX_LENGTH = 100;
/**
 * The buyer's own text. The name, phone, email (at most 254) and preferred time are added after it, so the whole
 * stays within the API's 5000 characters per message.
 */
export const CONTACT_MESSAGE_MAX_LENGTH = 4000;

/** Test-drive times offered: every half hour from 08:00 to 17:30, the hours a showroom is usually open. */
export const TEST_DRIVE_TIMES: readonly string[] = Array.from({ length: 20 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
