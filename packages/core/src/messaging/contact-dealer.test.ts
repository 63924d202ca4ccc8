import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_LENGTH } from './contact-dealer-catalogue.ts';
import {
  CONTACT_DEALER_ERRORS,
  composeContactMessage,
  contactCard,
  contactPhone,
  contactStartMessage,
  dateInputValue,
  testDriveLabel,
  testDriveMoment,
  validateContactDealer,
} from './contact-dealer.ts';

const hilux = { year: 2021, make: 'Toyota', model: 'Hilux' };
// Friday 12 June 2026, 09:15 local time.
const now = new Date(2026, 5, 12, 9, 15);

const enquiry = {
  purpose: 'enquiry' as const,
  name: 'Thandi Dlamini',
  phone: '+268 7600 0003',
  email: '',
  message: "Hi, I'm interested in the 2021 Toyota Hilux",
};
const testDrive = { ...enquiry, purpose: 'test-drive' as const, date: '2026-06-13', time: '10:30' };

describe('contactStartMessage', () => {
  it("starts an enquiry with SPEC 4's text and a test drive with the car named", () => {
    expect(contactStartMessage('enquiry', hilux)).toBe("Hi, I'm interested in the 2021 Toyota Hilux");
    expect(contactStartMessage('test-drive', hilux)).toBe(
      "Hi, I'd like to schedule a test drive of the 2021 Toyota Hilux.",
    );
    expect(contactStartMessage('test-drive', {})).toBe("Hi, I'd like to schedule a test drive of this car.");
  });
});

describe('contactPhone', () => {
  it('keeps an international number and reads a local one as Eswatini', () => {
    expect(contactPhone('+268 7600 0003')).toBe('+26876000003');
    expect(contactPhone('0027 82 123 4567')).toBe('+27821234567');
    expect(contactPhone('7600 0003')).toBe('+26876000003');
  });
});

describe('test drive time', () => {
  it('reads a date and a time as a local moment and labels it without locale data', () => {
    const moment = testDriveMoment('2026-06-13', '10:30');
    expect(moment).toEqual(new Date(2026, 5, 13, 10, 30));
    expect(testDriveLabel(moment!)).toBe('Saturday 13 June 2026 at 10:30');
    expect(testDriveMoment('2026-06-31', '10:30')).toBeNull();
    expect(testDriveMoment('2026-06-13', '')).toBeNull();
    expect(testDriveMoment('13/06/2026', '10:30')).toBeNull();
  });

  it('writes the day as a date input does', () => {
    expect(dateInputValue(now)).toBe('2026-06-12');
    expect(dateInputValue(new Date(2026, 0, 3))).toBe('2026-01-03');
  });
});

describe('validateContactDealer', () => {
  it('passes a complete enquiry, with or without an email', () => {
    expect(validateContactDealer(enquiry, now)).toEqual({});
    expect(validateContactDealer({ ...enquiry, email: 'thandi@example.com' }, now)).toEqual({});
  });

  it('requires a name, a phone and a message', () => {
    expect(validateContactDealer({ purpose: 'enquiry', name: ' ', phone: '', message: '  ' }, now)).toEqual({
      name: CONTACT_DEALER_ERRORS.name,
      phone: CONTACT_DEALER_ERRORS.phone,
      message: CONTACT_DEALER_ERRORS.message,
    });
  });

  it('refuses a number that is not a phone, an email that is not one and an over-long message', () => {
    expect(
      validateContactDealer(
        { ...enquiry, phone: '12', email: 'thandi@', message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) },
        now,
      ),
    ).toEqual({
      phone: 'Please enter a valid phone number',
      email: 'Enter a valid email address',
      message: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
    });
    expect(validateContactDealer({ ...enquiry, name: 'n'.repeat(101) }, now)).toEqual({
      name: 'Name must be at most 100 characters',
    });
  });

  it('asks a test drive for a day and a time that have not passed', () => {
    expect(validateContactDealer(testDrive, now)).toEqual({});
    expect(validateContactDealer({ ...testDrive, date: '', time: '' }, now)).toEqual({
      date: CONTACT_DEALER_ERRORS.date,
      time: CONTACT_DEALER_ERRORS.time,
    });
    expect(validateContactDealer({ ...testDrive, date: '2026-06-11' }, now)).toEqual({
      date: CONTACT_DEALER_ERRORS.past,
    });
    expect(validateContactDealer({ ...testDrive, date: '2026-06-12', time: '09:00' }, now)).toEqual({
      date: CONTACT_DEALER_ERRORS.past,
    });
    expect(validateContactDealer({ ...testDrive, date: '2026-06-12', time: '09:30' }, now)).toEqual({});
    // An enquiry ignores the test-drive fields.
    expect(validateContactDealer({ ...enquiry, date: 'nonsense' }, now)).toEqual({});
  });
});

describe('composeContactMessage and contactCard', () => {
  it("sends the buyer's words as they wrote them, with no 'Name:/Phone:' lines", () => {
    const text = composeContactMessage({ ...enquiry, message: '  Is it still available?  ' });
    expect(text).toBe('Is it still available?');
    expect(text).not.toMatch(/Name:|Phone:|Email:/);
  });

  it('puts how to reach the buyer on a card, leaving out a blank email', () => {
    expect(contactCard(enquiry)).toEqual({ name: 'Thandi Dlamini', phone: '+26876000003' });
  });

  it('adds the email when given and the preferred test drive', () => {
    expect(contactCard({ ...testDrive, email: ' thandi@example.com ' })).toEqual({
      name: 'Thandi Dlamini',
      phone: '+26876000003',
      email: 'thandi@example.com',
      testDrive: 'Saturday 13 June 2026 at 10:30',
    });
  });
});
