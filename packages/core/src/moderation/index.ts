// Trust and safety: reports of anything, the moderation desk's actions and audit log, and blocks between people.
export * from './report.ts';
export * from './desk.ts';
export * from './block.ts';
