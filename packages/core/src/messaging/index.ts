// Chat between buyers and sellers: messages, attachments, quick replies, safety tips and payment warnings, unread
// counts, contact-dealer.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './contact-dealer-catalogue.ts';
export * from './contact-dealer.ts';
export * from './conversation-search.ts';
export * from './media.ts';
export * from './message-limits.ts';
export * from './message.ts';
export * from './messages.ts';
export * from './messaging-api.ts';
export * from './payment-warning.ts';
export * from './quick-replies.ts';
export * from './safety.ts';
export * from './unread.ts';
