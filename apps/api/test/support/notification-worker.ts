// A process that works the notification outbox and nothing else, as an API process's job queue would: its one
// channel appends to a receipts file ('start' when handed a notification, 'sent' once it has it), slowly, so a
// test can kill it in the middle of a delivery. Run by notification-outbox.int.test.ts with node.
import { appendFileSync } from 'node:fs';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import type { NotificationChannel } from '../../src/notifications/channels/channel.ts';

const receipts = process.env['RECEIPTS']!;
const delayMs = Number(process.env['DELAY_MS'] ?? 0);
const channel: NotificationChannel = {
  name: 'push',
  async deliver(notification) {
    appendFileSync(receipts, `start ${notification.id} ${process.pid}\n`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    appendFileSync(receipts, `sent ${notification.id} ${process.pid}\n`);
    return { outcome: 'sent' };
  },
};
const config = { ...loadConfig(process.env), logLevel: 'silent' as const };
const database = await openDatabase({ url: config.databaseUrl, poolSize: 4 });
const ctx = createContext(config, database, 'worker-secret-worker-secret-worker-secret', undefined, {
  channels: [channel],
});
await ctx.jobs.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void ctx.jobs.stop().then(() => process.exit(0));
});
