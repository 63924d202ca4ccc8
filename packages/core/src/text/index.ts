// Words and text rules no one subject owns: plurals and digit grouping, HTML attribute escaping, titled alerts, the FAQ.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './faq.ts';
export * from './file-size.ts';
export * from './html-attribute.ts';
export * from './plural.ts';
export * from './titled-message.ts';
