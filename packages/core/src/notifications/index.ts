// Notifications and saved searches: what a user is told, and the searches that tell them of new cars.
// The one entry of this subject: other subjects import it from here, never a file inside.
export * from './car-match.ts';
export * from './notification.ts';
export * from './notification-settings.ts';
export * from './saved-search.ts';
