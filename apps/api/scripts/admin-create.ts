/**
 * Creates an admin account, or promotes the account of that phone, for real deployments:
 *
 *   npm run admin:create -- --phone +26876000001 --name "Site Admin" [--email admin@example.com]
 *
 * The password comes from ADMIN_PASSWORD, else it is asked for on the terminal without echo. The phone counts as
 * verified: whoever runs this has the server's database in hand. Uses the same configuration as the server
 * (AUTOREEL_DATA_DIR or DATABASE_URL) and applies pending migrations first.
 */
import { parseArgs } from 'node:util';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@autoreel/core';
import { toE164 } from '@autoreel/core';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { UserRepository } from '../src/accounts/user.repository.ts';
import { SessionRepository } from '../src/accounts/session.repository.ts';
import { hashPassword } from '../src/accounts/password.service.ts';

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
async function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) fail('set ADMIN_PASSWORD, or run this in a terminal to be asked for the password');
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

const { values } = parseArgs({
  options: { phone: { type: 'string' }, name: { type: 'string' } },
  allowPositionals: false,
});
const phone = values.phone ? toE164(values.phone) : null;
if (!phone) fail('--phone must be a valid number in international form, e.g. --phone +26876000001');
const name = values.name?.trim();
if (!name) fail('--name is required, e.g. --name "Site Admin"');

let password = process.env['ADMIN_PASSWORD'];
if (!password) {
  password = await askHidden('Password: ');
  if ((await askHidden('Repeat password: ')) !== password) fail('the passwords do not match');
}
if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
  fail(`the password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const now = new Date();
  const { row, created } = await new UserRepository(database.db).upsertAdmin({
    name,
    phone,
    passwordHash: await hashPassword(password),
    now,
  });
  // A promoted account's old sessions carry the old role and the old password: end them.
  if (!created) await new SessionRepository(database.db).revokeAllForUser(row.id, now);
  console.log(`${created ? 'Created' : 'Promoted'} admin ${row.phone} (${row.id})`);
} finally {
  await database.close();
}
