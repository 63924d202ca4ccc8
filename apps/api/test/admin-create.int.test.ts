import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/accounts/password.service.ts';
import { TEST_DIALECT } from './harness.ts';

const run = promisify(execFile);
const script = join(import.meta.dirname, '../scripts/admin-create.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'autoreel-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function adminCreate(args: string[], password: string | undefined) {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], AUTOREEL_DATA_DIR: dataDir };
  if (password !== undefined) env['ADMIN_PASSWORD'] = password;
  return run(process.execPath, [script, ...args], { env, timeout: 60_000 });
}

async function readAdmin(phone: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
    return row;
  } finally {
    await database.close();
  }
}

// The script runs on the embedded database in its own process; once is enough, whichever suite runs.
// Each run starts a Node process that opens and migrates PGlite: allow for a busy machine.
describe.skipIf(TEST_DIALECT === 'postgres')('npm run admin:create', { timeout: 180_000 }, () => {
  it('creates a verified admin, then promotes and re-passwords it on a second run', async () => {
    const first = await adminCreate(['--phone', '+26876000777', '--name', 'Site Admin'], 'admin-pass-2026');
    expect(first.stdout).toMatch(/^Created admin \+26876000777 /);
    expect(first.stdout + first.stderr).not.toContain('admin-pass-2026');
    const created = await readAdmin('+26876000777');
    expect(created).toMatchObject({ name: 'Site Admin', role: 'admin', isPhoneVerified: true });
    expect(await verifyPassword(created!.passwordHash, 'admin-pass-2026')).toBe(true);

    const second = await adminCreate(
      ['--phone', '+26876000777', '--name', 'Chief Admin'],
      'another-pass-2026',
    );
    expect(second.stdout).toMatch(/^Promoted admin/);
    const promoted = await readAdmin('+26876000777');
    expect(promoted).toMatchObject({ id: created!.id, name: 'Chief Admin', role: 'admin' });
    expect(await verifyPassword(promoted!.passwordHash, 'another-pass-2026')).toBe(true);
  });

  it('refuses a bad phone, a missing name, a short password, and no password without a terminal', async () => {
    await expect(adminCreate(['--phone', '+2681', '--name', 'X'], 'admin-pass-2026')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--phone'),
    });
    await expect(adminCreate(['--phone', '+26876000778'], 'admin-pass-2026')).rejects.toMatchObject({
      stderr: expect.stringContaining('--name'),
    });
    await expect(adminCreate(['--phone', '+26876000778', '--name', 'X'], 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('8 to 128'),
    });
    await expect(adminCreate(['--phone', '+26876000778', '--name', 'X'], undefined)).rejects.toMatchObject({
      stderr: expect.stringContaining('ADMIN_PASSWORD'),
    });
    expect(await readAdmin('+26876000778')).toBeUndefined();
  });
});
