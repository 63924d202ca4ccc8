import { describe, expect, it } from 'vitest';
import { CAR_QUICK_REPLIES, GENERIC_QUICK_REPLIES, SELLER_GENERIC_QUICK_REPLIES } from './quick-replies.ts';
import { SAFETY_TIPS, SELLER_SAFETY_TIPS } from './safety.ts';
import { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, MESSAGE_REQUIRED_TEXT } from './message.ts';
import {
  ACCEPTED_ATTACHMENT_EXTENSIONS,
  ALL_ATTACHMENTS_TOO_LARGE,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LIMIT_REACHED,
  ATTACHMENT_UPLOAD_FAILED,
  INVALID_MEDIA_FILE,
  PLACEHOLDER_CONVERSATION_ID,
  SENDING_LABEL,
  attachmentLimitMessage,
  chatReceiverId,
  deliveredStatus,
  fileExtension,
  inferMessageType,
  isAcceptedAttachment,
  carTitle,
  placeholderConversationMessage,
  quickReplies,
  quickRepliesFor,
  chatSideOf,
  safetyTipsFor,
  selectAttachments,
  tooManyLargeFilesMessage,
  validateSend,
} from './messages.ts';

const MB100 = 100 * 1024 * 1024;
const file = (name: string, size = 1000) => ({ name, size });

describe('inferMessageType', () => {
  it('gives text without attachments', () => {
    expect(inferMessageType('hello', [])).toBe('text');
    expect(inferMessageType('', [])).toBe('text');
  });

  it('gives mixed for text plus attachments', () => {
    expect(inferMessageType('see this', ['a.jpg'])).toBe('mixed');
  });

  it('gives image for only images, any case', () => {
    expect(inferMessageType('', ['a.jpg', 'b.JPEG', 'c.png', 'd.gif', 'e.WebP'])).toBe('image');
    expect(inferMessageType('   ', ['a.png'])).toBe('image');
    expect(inferMessageType(null, ['a.png'])).toBe('image');
  });

  it('gives document for only documents, any case', () => {
    expect(inferMessageType(undefined, ['a.pdf', 'b.DOC', 'c.docx', 'd.txt', 'e.rtf'])).toBe('document');
  });

  it('gives mixed for both kinds or unknown kinds', () => {
    expect(inferMessageType('', ['a.jpg', 'b.pdf'])).toBe('mixed');
    expect(inferMessageType('', ['a.zip'])).toBe('mixed');
  });
});

describe('files', () => {
  it('reads extensions', () => {
    expect(fileExtension('photo.final.JPG')).toBe('jpg');
    expect(fileExtension('README')).toBe('');
    expect(ACCEPTED_ATTACHMENT_EXTENSIONS).toEqual([
      'jpg',
      'jpeg',
      'png',
      'gif',
      'webp',
      'pdf',
      'doc',
      'docx',
      'txt',
      'rtf',
    ]);
    expect(ATTACHMENT_ACCEPT).toBe('.jpg,.jpeg,.png,.gif,.webp,.pdf,.doc,.docx,.txt,.rtf');
    expect(isAcceptedAttachment('x.RTF')).toBe(true);
    expect(isAcceptedAttachment('x.exe')).toBe(false);
  });
});

describe('validateSend', () => {
  it('needs text or attachments', () => {
    expect(MESSAGE_REQUIRED_TEXT).toBe('Either message text or attachments are required');
    expect(validateSend('', [])).toEqual({
      ok: false,
      error: 'Either message text or attachments are required',
    });
    expect(validateSend('  \n ', [])).toEqual({ ok: false, error: MESSAGE_REQUIRED_TEXT });
    expect(validateSend(null, [])).toEqual({ ok: false, error: MESSAGE_REQUIRED_TEXT });
  });

  it('trims the text', () => {
    expect(validateSend('  hi  ', [])).toEqual({ ok: true, text: 'hi' });
    expect(validateSend(undefined, ['key'])).toEqual({ ok: true, text: '' });
  });
});

describe('selectAttachments', () => {
  it('pins the limits', () => {
    expect(MAX_ATTACHMENTS).toBe(5);
    expect(MAX_ATTACHMENT_BYTES).toBe(104857600);
  });

  it('accepts up to 5 files without asking', () => {
    const five = [1, 2, 3, 4, 5].map((n) => file(`${n}.jpg`));
    expect(selectAttachments(five, 0)).toEqual({
      accepted: five,
      confirmations: [],
      confirmation: null,
      error: null,
    });
  });

  it('asks to continue with the first that fit when over 5', () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => file(`${n}.jpg`));
    const result = selectAttachments(six, 0);
    expect(result.accepted).toEqual(six.slice(0, 5));
    expect(result.confirmation).toBe(
      'You can attach up to 5 files at once. Continue with the first 5 files?',
    );
    expect(selectAttachments([file('a.pdf'), file('b.pdf')], 4).confirmation).toBe(
      'You can attach up to 5 files at once. Continue with the first 1 file?',
    );
    expect(selectAttachments([file('a.pdf'), file('b.pdf')], 3).confirmation).toBeNull();
  });

  it('refuses when 5 are already attached', () => {
    expect(ATTACHMENT_LIMIT_REACHED).toBe('You can attach up to 5 files at once.');
    expect(selectAttachments([file('a.pdf')], 5)).toEqual({
      accepted: [],
      confirmations: [],
      confirmation: null,
      error: ATTACHMENT_LIMIT_REACHED,
    });
    expect(selectAttachments([file('a.pdf')], 7).error).toBe(ATTACHMENT_LIMIT_REACHED);
  });

  it('accepts exactly 100MB and excludes 100MB + 1 after asking', () => {
    const exact = file('exact.pdf', MB100);
    const over = file('over.pdf', MB100 + 1);
    const result = selectAttachments([exact, over], 0);
    expect(result.accepted).toEqual([exact]);
    expect(result.confirmation).toBe('1 file is too large (max 100MB). Continue with 1 valid file?');
    expect(tooManyLargeFilesMessage(2, 3)).toBe(
      '2 files are too large (max 100MB). Continue with 3 valid files?',
    );
  });

  it('reports when all files are too large', () => {
    expect(selectAttachments([file('a.pdf', MB100 + 1), file('b.pdf', MB100 * 2)], 0)).toEqual({
      accepted: [],
      confirmations: [],
      confirmation: null,
      error: 'All selected files are too large. Maximum file size is 100MB. Please select smaller files.',
    });
    expect(ALL_ATTACHMENTS_TOO_LARGE).toBe(
      'All selected files are too large. Maximum file size is 100MB. Please select smaller files.',
    );
  });

  it('asks both questions in order when both limits apply', () => {
    const files = [file('big.pdf', MB100 + 1), ...[1, 2, 3].map((n) => file(`${n}.png`))];
    const result = selectAttachments(files, 3);
    expect(result.accepted).toEqual([files[1], files[2]]);
    expect(result.confirmations).toEqual([
      '1 file is too large (max 100MB). Continue with 3 valid files?',
      attachmentLimitMessage(2),
    ]);
    expect(result.confirmation).toBe(result.confirmations.join('\n'));
  });

  it('does nothing for an empty pick', () => {
    expect(selectAttachments([], 5)).toEqual({
      accepted: [],
      confirmations: [],
      confirmation: null,
      error: null,
    });
  });
});

describe('the two sides of a chat', () => {
  const base = { myId: 'me', myRole: 'dealer', peerRole: 'customer' };
  it('is the seller side only on a car one listed, or as a dealer writing to a customer without a car', () => {
    expect(chatSideOf({ ...base, carSellerId: 'me', hasCar: true })).toBe('seller');
    // A dealer asking about another's car is a buyer there.
    expect(chatSideOf({ ...base, carSellerId: 'them', hasCar: true })).toBe('buyer');
    expect(chatSideOf({ ...base, carSellerId: null, hasCar: false })).toBe('seller');
    expect(chatSideOf({ ...base, peerRole: 'dealer', carSellerId: null, hasCar: false })).toBe('buyer');
    expect(chatSideOf({ ...base, myRole: 'customer', carSellerId: null, hasCar: false })).toBe('buyer');
    // A private seller (a customer) answering about their own car is the seller side too.
    expect(chatSideOf({ ...base, myRole: 'customer', carSellerId: 'me', hasCar: true })).toBe('seller');
  });

  it("gives the seller side a seller's answers and tips, the buyer side the SPEC's", () => {
    expect(quickRepliesFor(true, 'seller').map((reply) => reply.text)).toEqual([
      'Yes, it is still available',
      'When would you like to view it?',
      'You are welcome to book a test drive',
      'I can send you more photos',
    ]);
    expect(quickRepliesFor(false, 'seller')).toEqual(SELLER_GENERIC_QUICK_REPLIES);
    expect(quickRepliesFor(true, 'buyer')).toEqual(quickRepliesFor(true));
    expect(safetyTipsFor('buyer')).toBe(SAFETY_TIPS);
    expect(safetyTipsFor('seller')).toBe(SELLER_SAFETY_TIPS);
    expect(SELLER_SAFETY_TIPS).not.toEqual(SAFETY_TIPS);
  });
});

describe('quick replies and placeholders', () => {
  it('shows the first 4', () => {
    expect(CAR_QUICK_REPLIES).toHaveLength(6);
    expect(GENERIC_QUICK_REPLIES).toHaveLength(4);
    expect(quickReplies(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd']);
    expect(quickReplies(['a'])).toEqual(['a']);
    expect(quickRepliesFor(true)).toEqual(CAR_QUICK_REPLIES.slice(0, 4));
    expect(quickRepliesFor(false)).toEqual(GENERIC_QUICK_REPLIES);
    expect(quickRepliesFor(true).map((reply) => reply.text)).toEqual([
      'Is this car still available?',
      'Can I book a test drive?',
      'Does it have a full service history?',
      'Is the price negotiable?',
    ]);
  });

  it('pre-fills the placeholder conversation', () => {
    expect(PLACEHOLDER_CONVERSATION_ID).toBe('new');
    expect(carTitle({ year: ' 2020 ', make: 'Toyota', model: '' })).toBe('2020 Toyota');
    // The brand is said once when the model's name starts with it, and only as a whole word.
    expect(carTitle({ year: 2022, make: 'Range Rover', model: 'Range Rover Evoque' })).toBe(
      '2022 Range Rover Evoque',
    );
    expect(carTitle({ year: 2022, make: 'Range Rover', model: 'Range Rover' })).toBe('2022 Range Rover');
    expect(carTitle({ year: 2021, make: 'Mini', model: 'Minivan X' })).toBe('2021 Mini Minivan X');
    expect(placeholderConversationMessage({ year: 2020, make: 'Toyota', model: 'Corolla' })).toBe(
      "Hi, I'm interested in the 2020 Toyota Corolla",
    );
    expect(placeholderConversationMessage({ make: 'Toyota', model: 'Corolla', year: null })).toBe(
      "Hi, I'm interested in the Toyota Corolla",
    );
    expect(placeholderConversationMessage({})).toBe("Hi, I'm interested in this car");
    expect(placeholderConversationMessage({ year: ' ', make: 'BMW' })).toBe("Hi, I'm interested in the BMW");
  });

  it('maps isRead to a status', () => {
    expect(deliveredStatus(true)).toBe('read');
    expect(deliveredStatus(false)).toBe('delivered');
    expect(deliveredStatus(undefined)).toBe('delivered');
  });

  it('pins the other messaging texts', () => {
    expect(ATTACHMENT_UPLOAD_FAILED).toBe('Failed to upload attachments. Please try again.');
    expect(INVALID_MEDIA_FILE).toBe('Invalid file type provided. Expected File or Blob.');
    expect(SENDING_LABEL).toBe('Sending...');
  });
});

describe('chatReceiverId', () => {
  it('prefers dealerId, then sellerId, then the car id', () => {
    expect(chatReceiverId({ dealerId: 'd', sellerId: 's', _id: 'c' })).toBe('d');
    expect(chatReceiverId({ dealerId: '', sellerId: 's', _id: 'c' })).toBe('s');
    expect(chatReceiverId({ dealerId: null, sellerId: 'undefined', _id: 'c' })).toBe('c');
    expect(chatReceiverId({ id: 'c2' })).toBe('c2');
    expect(chatReceiverId({ _id: 'null' })).toBeNull();
  });
});
