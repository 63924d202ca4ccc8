import { sql } from 'drizzle-orm';
import { resultRows, type Database } from '../../apps/api/src/db/client.ts';

/** The text the benchmark's sends carry, so that a later run can take them out again. */
export const BENCH_SEND_TEXT = 'Is it still available?';

export interface MessagingFixture {
  buyerId: string;
  sellerId: string;
  /** Everyone the buyer has a conversation with, the seller first. */
  partnerIds: string[];
}

/**
 * A buyer with 50 conversations, one of them 500 messages long, so the conversation list and a history page are
 * measured over realistic amounts of data.
 */
export async function insertBulkMessages(db: Database): Promise<MessagingFixture> {
  const created = await db.execute<{ id: string }>(sql`
    insert into users (name, phone, password_hash, role, is_phone_verified)
    select 'Bench Person ' || i, '+2687800' || lpad(i::text, 4, '0'), 'x', 'customer', true from generate_series(0, 50) i
    returning id`);
  const ids = resultRows<{ id: string }>(created).map((r) => r.id);
  const [buyerId, ...others] = ids;
  for (const other of others) {
    const [low, high] = buyerId! < other ? [buyerId!, other] : [other, buyerId!];
    await db.execute(sql`insert into conversations (user_low_id, user_high_id) values (${low}, ${high})`);
  }
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, receiver_id, message, message_type, is_read, created_at)
    select c.id,
           case when m % 2 = 0 then c.user_low_id else c.user_high_id end,
           case when m % 2 = 0 then c.user_high_id else c.user_low_id end,
           'Is the car still available? Message ' || m, 'text', m < 490,
           now() - make_interval(secs => (500 - m) * 60)
    from conversations c, generate_series(1, 500) m
    where (c.user_low_id = ${buyerId} or c.user_high_id = ${buyerId}) and (m > 495 or c.user_low_id = ${others[0]} or c.user_high_id = ${others[0]})`);
  await db.execute(sql`update conversations set last_message_at = now()`);
  await db.execute(sql`analyze`);
  return { buyerId: buyerId!, sellerId: others[0]!, partnerIds: others };
}

/**
 * Takes out what earlier runs' sends added (thousands of messages a run, all in the measured conversation), so that
 * every run reads the fixture as seeded: a history page and its count over 500 messages, not over a growing pile.
 */
export async function removeBenchSends(db: Database): Promise<void> {
  await db.execute(sql`delete from messages where message = ${BENCH_SEND_TEXT}`);
  await db.execute(sql`vacuum analyze messages, conversations`);
}
