/**
 * The Contact Dealer form of the car detail page (SPEC 2 'Car detail page': 'Contact Dealer form modal, Schedule
 * Test Drive button'). The SPEC names the form but gives no fields or wording; the choices are in
 * docs/DECISIONS.md, 'Storefront car detail page'. The form is sent as an in-app message (SPEC 7 POST
 * /messages/send), so what the seller reads is the text composed here. Its titles, times and limits are in
 * catalogues/contact-dealer.ts, apart from these rules, so a screen showing only the buttons does not load the
 * phone-number metadata the rules need.
 */
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  type ContactPurpose,
} from './contact-dealer-catalogue.ts';
import { DEFAULT_DIAL_CODE } from '../shared/index.ts';
import { EmailSchema, INVALID_EMAIL_MESSAGE } from '../shared/index.ts';
import type { MessageContact } from './message.ts';
import { carTitle, placeholderConversationMessage, type ConversationCarLike } from './messages.ts';
import { composePhone, INVALID_PHONE_MESSAGE, validatePhone } from '../shared/index.ts';

export const CONTACT_DEALER_ERRORS = {
  name: 'Name is required',
  nameLength: `Name must be at most ${CONTACT_NAME_MAX_LENGTH} characters`,
  phone: 'Phone number is required',
  phoneFormat: INVALID_PHONE_MESSAGE,
  emailFormat: INVALID_EMAIL_MESSAGE,
  message: 'Message is required',
  messageLength: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
  date: 'Choose a date for the test drive',
  time: 'Choose a time for the test drive',
  past: 'Choose a date and time from now on',
} as const;

export interface ContactDealerInput {
  purpose: ContactPurpose;
  name?: string | null;
  /** As typed: international ('+268 7600 0003', '00268...') or local to Eswatini, the default country. */
  phone?: string | null;
  /** Optional. */
  email?: string | null;
  message?: string | null;
  /** Test drive only: the preferred day, 'yyyy-mm-dd' as a date input gives it. */
  date?: string | null;
  /** Test drive only: the preferred time, 'HH:MM'. */
  time?: string | null;
}

export type ContactDealerField = 'name' | 'phone' | 'email' | 'message' | 'date' | 'time';
export type ContactDealerErrors = Partial<Record<ContactDealerField, string>>;

const pad2 = (n: number) => String(n).padStart(2, '0');

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** The message the form starts with: SPEC 4's "Hi, I'm interested in the {year} {make} {model}", or a test drive. */
export function contactStartMessage(purpose: ContactPurpose, car: ConversationCarLike): string {
  if (purpose === 'enquiry') return placeholderConversationMessage(car);
  const title = carTitle(car);
  return `Hi, I'd like to schedule a test drive of ${title === '' ? 'this car' : `the ${title}`}.`;
}

/** The full number the seller may call: the typed number, read as Eswatini's when it has no country code. */
export function contactPhone(typed: string | null | undefined): string {
  return composePhone(DEFAULT_DIAL_CODE, text(typed));
}

/** The local moment a date input and a time pick name; null when either is missing or not a real date. */
export function testDriveMoment(
  date: string | null | undefined,
  time: string | null | undefined,
): Date | null {
  const d = DATE_PATTERN.exec(text(date));
  const t = TIME_PATTERN.exec(text(time));
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const moment = new Date(year, month - 1, day, Number(t[1]), Number(t[2]));
  // new Date rolls 31 June over to 1 July: such a date was never picked from a calendar.
  return moment.getFullYear() === year && moment.getMonth() === month - 1 && moment.getDate() === day
    ? moment
    : null;
}

/** 'Saturday 13 June 2026 at 10:30', built by hand so it never varies with the device's locale data. */
export function testDriveLabel(moment: Date): string {
  const time = `${pad2(moment.getHours())}:${pad2(moment.getMinutes())}`;
  return `${DAY_NAMES[moment.getDay()]} ${moment.getDate()} ${MONTH_NAMES[moment.getMonth()]} ${moment.getFullYear()} at ${time}`;
}

/** Today in the viewer's zone as a date input writes it ('yyyy-mm-dd'): the earliest day a test drive can be. */
export function dateInputValue(day: Date): string {
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

/** The text the seller receives: the buyer's own words, as they wrote them. */
export function composeContactMessage(input: ContactDealerInput): string {
  return text(input.message);
}

/**
 * How to reach the buyer, sent beside the text and shown as a card (never as 'Name:/Phone:' lines in the bubble):
 * name, full phone, the email when given, and for a test drive the preferred time.
 */
export function contactCard(input: ContactDealerInput): MessageContact {
  const moment = input.purpose === 'test-drive' ? testDriveMoment(input.date, input.time) : null;
  return {
    name: text(input.name),
    phone: contactPhone(input.phone),
    ...(text(input.email) ? { email: text(input.email) } : {}),
    ...(moment ? { testDrive: testDriveLabel(moment) } : {}),
  };
}

/**
 * Field errors keyed by field; an empty object means the form can be sent. Name, phone and message are required,
 * the email is optional but must look like one, and a test drive needs a day and a time that have not passed.
 */
export function validateContactDealer(input: ContactDealerInput, now: Date): ContactDealerErrors {
  const errors: ContactDealerErrors = {};
  const name = text(input.name);
  if (name === '') errors.name = CONTACT_DEALER_ERRORS.name;
  else if (name.length > CONTACT_NAME_MAX_LENGTH) errors.name = CONTACT_DEALER_ERRORS.nameLength;
  if (text(input.phone) === '') errors.phone = CONTACT_DEALER_ERRORS.phone;
  else if (!validatePhone(contactPhone(input.phone))) errors.phone = CONTACT_DEALER_ERRORS.phoneFormat;
  const email = text(input.email);
  if (email !== '' && !EmailSchema.safeParse(email).success) errors.email = CONTACT_DEALER_ERRORS.emailFormat;
  const message = text(input.message);
  if (message === '') errors.message = CONTACT_DEALER_ERRORS.message;
  else if (message.length > CONTACT_MESSAGE_MAX_LENGTH) errors.message = CONTACT_DEALER_ERRORS.messageLength;
  if (input.purpose === 'test-drive') {
    if (!DATE_PATTERN.test(text(input.date))) errors.date = CONTACT_DEALER_ERRORS.date;
    if (!TIME_PATTERN.test(text(input.time))) errors.time = CONTACT_DEALER_ERRORS.time;
    if (!errors.date && !errors.time) {
      const moment = testDriveMoment(input.date, input.time);
      if (!moment) errors.date = CONTACT_DEALER_ERRORS.date;
      else if (moment.getTime() < now.getTime()) errors.date = CONTACT_DEALER_ERRORS.past;
    }
  }
  return errors;
}
