import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows, type Database } from '../src/db/client.ts';
import { createTestDatabase, TEST_DIALECT } from './harness.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The plan Postgres ran for a statement, with what it spent on JIT compilation when it did any. */
async function analyzedPlan(db: Database, jitOn: boolean): Promise<string> {
  return db.transaction(async (tx) => {
    // Every statement's estimate is past the threshold, so only the jit setting decides.
    await tx.execute(sql`set local jit_above_cost = 0`);
    if (jitOn) await tx.execute(sql`set local jit = on`);
    const plan = resultRows<{ 'QUERY PLAN': string }>(
      await tx.execute(
        sql`explain (analyze) select sum(n) from generate_series(1, 1000) as n where n % 7 = 0`,
      ),
    );
    return plan.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe.skipIf(TEST_DIALECT !== 'postgres')('Postgres connections', () => {
  it('never compile a statement with JIT, however costly its estimate', async () => {
    const db = database.handle.db;
    // Every connection of the pool, not only the first: each opens with the setting.
    const settings = await Promise.all(
      Array.from({ length: 5 }, async () => resultRows<{ jit: string }>(await db.execute(sql`show jit`))),
    );
    expect(settings.map((rows) => rows[0]?.jit)).toEqual(Array(5).fill('off'));
    expect(await analyzedPlan(db, false)).not.toMatch(/JIT:/);

    // The check above means something only where the server can compile: then turning it on shows it.
    const [available] = resultRows<{ available: boolean }>(
      await db.execute(sql`select pg_jit_available() as available`),
    );
    if (available?.available) expect(await analyzedPlan(db, true)).toMatch(/JIT:/);
  });
});

describe('the conversations table', () => {
  it('keeps last_message_at out of every index and leaves room on its pages, so a message touches it in place', async () => {
    const indexed = resultRows<{ index: string; columns: string }>(
      await database.handle.db.execute(sql`
        select i.relname as index, pg_get_indexdef(x.indexrelid) as columns
        from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = 'conversations'::regclass`),
    );
    expect(indexed.map((row) => row.index).sort()).toEqual([
      'conversations_high_idx',
      'conversations_pair_key',
      'conversations_pkey',
    ]);
    for (const row of indexed) expect(row.columns).not.toMatch(/last_message_at/);
    const [table] = resultRows<{ options: string[] | null }>(
      await database.handle.db.execute(
        sql`select reloptions as options from pg_class where oid = 'conversations'::regclass`,
      ),
    );
    expect(table?.options).toContain('fillfactor=85');
  });
});
