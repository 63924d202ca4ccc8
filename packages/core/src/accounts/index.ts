// Accounts: users, profiles, sign-in and sign-up schemas, and the auth forms' rules.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './auth-api.ts';
export * from './auth-fields.ts';
export * from './auth-schema.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './user.ts';
