import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_HIDE_REPORTERS } from '@autoreel/core';
import { comments, dealerReviews, reports } from '../src/db/schema/index.ts';
import { UNAVAILABLE_RECIPIENT, YOU_BLOCKED_RECIPIENT } from '../src/messaging/messaging.service.ts';
import { REPORTS_PER_ACCOUNT, REPORTS_PER_ADDRESS } from '../src/moderation/report.service.ts';
import { nextIp } from './auth-helpers.ts';
import { createDealer, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

/**
 * Issue 28, Build 1 to 3: report anything, the moderation desk and its audit log, blocks. Every route with the
 * cross-user matrix: reports and block lists are their owner's alone, the desk is the admins' alone.
 */
let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createUser({ role: 'admin', name: 'Desk Admin' });
});
afterAll(() => server.close());

type Call = Awaited<ReturnType<TestServer['call']>>;

function fileReport(user: TestUser | null, payload: Record<string, unknown>, ip = nextIp()): Promise<Call> {
  return server.call({
    method: 'POST',
    url: '/api/reports',
    payload,
    headers: { 'x-forwarded-for': ip },
    ...(user ? { user } : {}),
  });
}

function act(user: TestUser, payload: Record<string, unknown>): Promise<Call> {
  return server.call({ method: 'POST', url: '/api/admin/reports/actions', payload, user });
}

async function openGroups(user: TestUser = admin) {
  const res = await server.call({ method: 'GET', url: '/api/admin/reports?status=open&limit=100', user });
  expect(res.statusCode).toBe(200);
  return res.data.data.groups as {
    targetType: string;
    targetId: string;
    reportCount: number;
    reports: { reason: string; details: string; reporter: { id: string } }[];
    reasons: { reason: string; count: number }[];
    hidden: boolean;
    pendingReview: boolean;
    summary: string;
    owner: { id: string } | null;
  }[];
}

async function notificationsOf(user: TestUser) {
  const res = await server.call({ method: 'GET', url: '/api/notifications?limit=50', user });
  expect(res.statusCode).toBe(200);
  return res.data.data.notifications as { kind: string; title: string; body: string }[];
}

const carStatus = async (id: string) =>
  (await server.call({ method: 'GET', url: `/api/cars/${id}` })).statusCode;
const listedIds = async () =>
  ((await server.call({ method: 'GET', url: '/api/cars?limit=100' })).data.data.cars as { id: string }[]).map(
    (car) => car.id,
  );

function send(from: TestUser, to: string, message = 'Hello there') {
  return server.call({
    method: 'POST',
    url: '/api/messages/send',
    payload: { receiverId: to, message, messageType: 'text' },
    headers: { 'x-forwarded-for': nextIp() },
    user: from,
  });
}

describe('POST /reports', () => {
  let dealer: TestDealer;
  let car: string;
  let buyer: TestUser;

  beforeAll(async () => {
    dealer = await createDealer(server, { name: 'Report Motors' });
    car = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    buyer = await server.createUser({ name: 'Reporting Buyer' });
  });

  it('files a report of a listing once; a repeat answers the first', async () => {
    const first = await fileReport(buyer, {
      targetType: 'car',
      targetId: car,
      reason: 'scam',
      details: 'Asked for a deposit before a viewing',
    });
    expect(first.statusCode).toBe(201);
    expect(first.data.data).toMatchObject({
      alreadyReported: false,
      report: { targetType: 'car', targetId: car, reason: 'scam', status: 'open' },
    });
    const again = await fileReport(buyer, { targetType: 'car', targetId: car, reason: 'other' });
    expect(again.statusCode).toBe(200);
    expect(again.data.data).toMatchObject({
      alreadyReported: true,
      report: { id: first.data.data.report.id },
    });
    expect(again.data.data.report.reason).toBe('scam');
  });

  it('refuses the signed out (401), bad input (400), unknown targets (404) and one’s own content (400)', async () => {
    expect((await fileReport(null, { targetType: 'car', targetId: car, reason: 'scam' })).statusCode).toBe(
      401,
    );
    expect((await fileReport(buyer, { targetType: 'car', targetId: car, reason: 'nope' })).statusCode).toBe(
      400,
    );
    expect(
      (await fileReport(buyer, { targetType: 'dealer', targetId: car, reason: 'scam' })).statusCode,
    ).toBe(400);
    expect(
      (
        await fileReport(buyer, {
          targetType: 'car',
          targetId: car,
          reason: 'scam',
          details: 'x'.repeat(1001),
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await fileReport(buyer, {
      targetType: 'car',
      targetId: '00000000-0000-4000-8000-000000000000',
      reason: 'scam',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await fileReport(buyer, { targetType: 'comment', targetId: 'not-a-uuid', reason: 'scam' })).statusCode,
    ).toBe(404);
    const own = await fileReport(dealer.user, { targetType: 'car', targetId: car, reason: 'scam' });
    expect(own.statusCode).toBe(400);
    expect(
      (await fileReport(buyer, { targetType: 'user', targetId: buyer.id, reason: 'other' })).statusCode,
    ).toBe(400);
  });

  it('reports a person, a comment, a review, and a message only by its receiver', async () => {
    const commenter = await server.createUser({ name: 'Rude Commenter' });
    const comment = await server.call({
      method: 'POST',
      url: `/api/cars/${car}/comments`,
      payload: { comment: 'What a rubbish car' },
      user: commenter,
    });
    expect(comment.statusCode).toBe(201);
    const commentId = comment.data.data.id as string;
    const review = await server.call({
      method: 'POST',
      url: `/api/dealers/${dealer.dealerId}/reviews`,
      payload: { rating: 1, comment: 'Terrible people' },
      user: commenter,
    });
    expect(review.statusCode).toBe(201);
    const [reviewRow] = await server.ctx.db
      .select({ id: dealerReviews.id })
      .from(dealerReviews)
      .where(eq(dealerReviews.userId, commenter.id));
    const sent = await send(dealer.user, buyer.id, 'Send the deposit to reserve it');
    expect(sent.statusCode).toBe(201);
    const messageId = sent.data.data.message.id as string;

    for (const [targetType, targetId] of [
      ['user', commenter.id],
      ['comment', commentId],
      ['review', reviewRow!.id],
      ['message', messageId],
    ] as const) {
      const res = await fileReport(buyer, { targetType, targetId, reason: 'offensive' });
      expect(res.statusCode, targetType).toBe(201);
    }
    // A message is reported by its receiver only: to anyone else it does not exist.
    const stranger = await server.createUser();
    expect(
      (await fileReport(stranger, { targetType: 'message', targetId: messageId, reason: 'scam' })).statusCode,
    ).toBe(404);

    const groups = await openGroups();
    const messageGroup = groups.find((group) => group.targetId === messageId);
    expect(messageGroup).toMatchObject({
      targetType: 'message',
      summary: 'Send the deposit to reserve it',
      owner: { id: dealer.user.id },
      reportCount: 1,
    });
  });

  it('the conversation report is a report of the other person', async () => {
    const pest = await server.createUser({ name: 'Chat Pest' });
    const victim = await server.createUser({ name: 'Chat Victim' });
    expect((await send(pest, victim.id, 'Hi')).statusCode).toBe(201);
    const list = await server.call({ method: 'GET', url: '/api/messages/conversations', user: victim });
    const conversationId = list.data.data.conversations[0].id as string;
    const res = await server.call({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/report`,
      payload: { reason: 'Keeps asking for money' },
      user: victim,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.data.report).toMatchObject({ reportedUserId: pest.id, reason: 'Keeps asking for money' });
    const group = (await openGroups()).find((g) => g.targetType === 'user' && g.targetId === pest.id);
    expect(group?.reports).toEqual([
      expect.objectContaining({
        reason: 'other',
        details: 'Keeps asking for money',
        reporter: expect.objectContaining({ id: victim.id }),
      }),
    ]);
  });

  it('counts 30 concurrent duplicate reports once', async () => {
    const racer = await server.createUser({ name: 'Racing Reporter' });
    const target = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fileReport(racer, { targetType: 'car', targetId: target, reason: 'wrong_information' }, ip),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(29);
    const ids = new Set(answers.map((answer) => answer.data.data.report.id));
    expect(ids.size).toBe(1);
    const rows = await server.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, racer.id), eq(reports.targetId, target)));
    expect(rows).toHaveLength(1);
    // One report costs one of the account's reports, not thirty.
    const next = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    expect(
      (await fileReport(racer, { targetType: 'car', targetId: next, reason: 'other' }, ip)).statusCode,
    ).toBe(201);
  });

  it('is limited per account', async () => {
    const busy = await server.createUser({ name: 'Busy Reporter' });
    const ids = [];
    for (let i = 0; i <= REPORTS_PER_ACCOUNT.points; i += 1) {
      ids.push(await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId }));
    }
    for (const id of ids.slice(0, REPORTS_PER_ACCOUNT.points)) {
      expect((await fileReport(busy, { targetType: 'car', targetId: id, reason: 'other' })).statusCode).toBe(
        201,
      );
    }
    const over = await fileReport(busy, { targetType: 'car', targetId: ids.at(-1), reason: 'other' });
    expect(over.statusCode).toBe(429);
    // The refused report is not kept.
    const kept = await server.ctx.db.select().from(reports).where(eq(reports.reporterId, busy.id));
    expect(kept).toHaveLength(REPORTS_PER_ACCOUNT.points);
  });
});

describe('reports from one address', () => {
  it(`are limited to ${REPORTS_PER_ADDRESS.points} an hour, whichever accounts send them`, async () => {
    const dealer = await createDealer(server, { name: 'Address Motors' });
    const ip = nextIp();
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil((REPORTS_PER_ADDRESS.points + 1) / 8) }, () => server.createUser()),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_ADDRESS.points; i += 1) {
      const car = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
      const reporter = accounts[Math.floor(i / 8)]!;
      statuses.push(
        (await fileReport(reporter, { targetType: 'car', targetId: car, reason: 'other' }, ip)).statusCode,
      );
    }
    expect(statuses.slice(0, REPORTS_PER_ADDRESS.points).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back by this one.
    const car = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    expect(
      (await fileReport(accounts.at(-1)!, { targetType: 'car', targetId: car, reason: 'other' })).statusCode,
    ).toBe(201);
  });
});

describe('the moderation desk', () => {
  let dealer: TestDealer;
  let reporters: TestUser[];

  beforeAll(async () => {
    dealer = await createDealer(server, { name: 'Desk Motors' });
    reporters = await Promise.all(
      Array.from({ length: AUTO_HIDE_REPORTERS }, (_, i) => server.createUser({ name: `Reporter ${i}` })),
    );
  });

  it('is the admins’ alone: a customer and a dealer get 403, the signed out 401', async () => {
    const customer = await server.createUser();
    for (const user of [customer, dealer.user]) {
      expect((await server.call({ method: 'GET', url: '/api/admin/reports', user })).statusCode).toBe(403);
      expect((await server.call({ method: 'GET', url: '/api/admin/audit', user })).statusCode).toBe(403);
      const res = await act(user, {
        targetType: 'user',
        targetId: customer.id,
        action: 'dismiss',
        reason: 'Trying',
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await server.call({ method: 'GET', url: '/api/admin/reports' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it(`hides a listing reported by ${AUTO_HIDE_REPORTERS} accounts pending review; a dismissal shows it again`, async () => {
    const car = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    expect(await listedIds()).toContain(car);
    for (const [i, reporter] of reporters.entries()) {
      expect(
        (await fileReport(reporter, { targetType: 'car', targetId: car, reason: 'scam' })).statusCode,
      ).toBe(201);
      if (i < AUTO_HIDE_REPORTERS - 1) expect(await carStatus(car)).toBe(200);
    }
    expect(await carStatus(car)).toBe(404);
    expect(await listedIds()).not.toContain(car);
    const group = (await openGroups()).find((g) => g.targetId === car);
    expect(group).toMatchObject({
      reportCount: AUTO_HIDE_REPORTERS,
      hidden: true,
      pendingReview: true,
      reasons: [{ reason: 'scam', count: AUTO_HIDE_REPORTERS }],
    });
    const audit = await server.call({ method: 'GET', url: '/api/admin/audit', user: admin });
    expect(audit.data.data.entries[0]).toMatchObject({ actor: null, action: 'auto_hide_car', targetId: car });
    expect((await notificationsOf(dealer.user)).map((n) => n.title)).toContain(
      'Your listing is hidden pending review',
    );

    const dismissed = await act(admin, {
      targetType: 'car',
      targetId: car,
      action: 'dismiss',
      reason: 'The seller showed the papers',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.data.data.reportsClosed).toBe(AUTO_HIDE_REPORTERS);
    expect(await carStatus(car)).toBe(200);
    expect(await listedIds()).toContain(car);
    expect((await openGroups()).find((g) => g.targetId === car)).toBeUndefined();
    for (const reporter of reporters) {
      expect(await notificationsOf(reporter)).toContainEqual(
        expect.objectContaining({
          kind: 'report_outcome',
          body: 'We reviewed the listing you reported and left it up.',
        }),
      );
    }
  });

  it('hides and restores a listing with a reason in the audit log, telling the reporter and the owner', async () => {
    const car = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    const reporter = reporters[0]!;
    expect(
      (await fileReport(reporter, { targetType: 'car', targetId: car, reason: 'already_sold' })).statusCode,
    ).toBe(201);
    // The reason is required, and an action must fit the target.
    expect(
      (await act(admin, { targetType: 'car', targetId: car, action: 'hide_car', reason: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await act(admin, { targetType: 'car', targetId: car, action: 'remove_comment', reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await act(admin, {
          targetType: 'car',
          targetId: '00000000-0000-4000-8000-000000000000',
          action: 'hide_car',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const hidden = await act(admin, {
      targetType: 'car',
      targetId: car,
      action: 'hide_car',
      reason: 'Sold weeks ago',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.data.data).toMatchObject({
      reportsClosed: 1,
      entry: { actor: { id: admin.id, name: 'Desk Admin' }, action: 'hide_car', reason: 'Sold weeks ago' },
    });
    expect(await carStatus(car)).toBe(404);
    expect(await listedIds()).not.toContain(car);
    expect(await notificationsOf(reporter)).toContainEqual(
      expect.objectContaining({ kind: 'report_outcome', body: 'We hid the listing you reported.' }),
    );
    expect(await notificationsOf(dealer.user)).toContainEqual(
      expect.objectContaining({ kind: 'listing_moderated', title: 'Your listing was hidden' }),
    );
    // The owner still has it in their own inventory, marked as hidden by moderation.
    const mineNow = async () => {
      const mine = await server.call({ method: 'GET', url: '/api/cars/mine?limit=100', user: dealer.user });
      return (mine.data.data.cars as { id: string; hiddenByModeration: boolean }[]).find((c) => c.id === car);
    };
    expect(await mineNow()).toMatchObject({ hiddenByModeration: true });

    const closed = await server.call({ method: 'GET', url: '/api/admin/reports?status=closed', user: admin });
    expect(
      closed.data.data.groups.find((g: { targetId: string }) => g.targetId === car)?.reports[0].status,
    ).toBe('actioned');

    expect(
      (await act(admin, { targetType: 'car', targetId: car, action: 'restore_car', reason: 'Appeal' }))
        .statusCode,
    ).toBe(200);
    expect(await carStatus(car)).toBe(200);
    expect(await mineNow()).toMatchObject({ hiddenByModeration: false });
    const audit = await server.call({ method: 'GET', url: '/api/admin/audit?limit=2', user: admin });
    expect(
      audit.data.data.entries.map((e: { action: string; reason: string }) => [e.action, e.reason]),
    ).toEqual([
      ['restore_car', 'Appeal'],
      ['hide_car', 'Sold weeks ago'],
    ]);
  });

  it('removes a comment and a review, telling their authors', async () => {
    const car = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    const author = await server.createUser({ name: 'Removed Author' });
    const comment = await server.call({
      method: 'POST',
      url: `/api/cars/${car}/comments`,
      payload: { comment: 'Offensive words' },
      user: author,
    });
    const commentId = comment.data.data.id as string;
    await server.call({
      method: 'POST',
      url: `/api/dealers/${dealer.dealerId}/reviews`,
      payload: { rating: 1, comment: 'Offensive review' },
      user: author,
    });
    const [review] = await server.ctx.db
      .select({ id: dealerReviews.id })
      .from(dealerReviews)
      .where(eq(dealerReviews.userId, author.id));
    await fileReport(reporters[1]!, { targetType: 'comment', targetId: commentId, reason: 'offensive' });
    await fileReport(reporters[1]!, { targetType: 'review', targetId: review!.id, reason: 'offensive' });

    expect(
      (
        await act(admin, {
          targetType: 'comment',
          targetId: commentId,
          action: 'remove_comment',
          reason: 'Abuse',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await act(admin, {
          targetType: 'review',
          targetId: review!.id,
          action: 'remove_review',
          reason: 'Abuse',
        })
      ).statusCode,
    ).toBe(200);
    expect(await server.ctx.db.select().from(comments).where(eq(comments.id, commentId))).toHaveLength(0);
    expect(
      await server.ctx.db.select().from(dealerReviews).where(eq(dealerReviews.id, review!.id)),
    ).toHaveLength(0);
    const dealerAnswer = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}` });
    expect(dealerAnswer.data.data.dealer?.reviewCount ?? dealerAnswer.data.data.reviewCount).toBe(0);
    const told = (await notificationsOf(author)).filter((n) => n.kind === 'content_removed');
    expect(told.map((n) => n.title).sort()).toEqual(['Your comment was removed', 'Your review was removed']);
  });

  it('suspends a reported user: their live token is refused on the next request and their listings hidden', async () => {
    const seller = await createDealer(server, { name: 'Suspended Desk Motors' });
    const car = await insertCar(server, { sellerId: seller.user.id, dealerId: seller.dealerId });
    await fileReport(reporters[2]!, { targetType: 'user', targetId: seller.user.id, reason: 'scam' });
    const me = () => server.call({ method: 'GET', url: '/api/auth/me', user: seller.user });
    expect((await me()).statusCode).toBe(200);

    const res = await act(admin, {
      targetType: 'user',
      targetId: seller.user.id,
      action: 'suspend_user',
      reason: 'Deposit scam',
    });
    expect(res.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    expect(await carStatus(car)).toBe(404);
    expect((await send(reporters[2]!, seller.user.id)).statusCode).toBe(403);

    expect(
      (
        await act(admin, {
          targetType: 'user',
          targetId: seller.user.id,
          action: 'restore_user',
          reason: 'Cleared',
        })
      ).statusCode,
    ).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect(await carStatus(car)).toBe(200);
  });
});

describe('blocks', () => {
  it('stop the blocked from messaging the blocker, hide the conversation from the blocker, and are their own', async () => {
    const blocker = await server.createUser({ name: 'Blocking Buyer' });
    const pest = await server.createUser({ name: 'Pushy Seller' });
    const other = await server.createUser({ name: 'Someone Else' });
    expect((await send(pest, blocker.id, 'Send a deposit')).statusCode).toBe(201);
    const conversations = async (user: TestUser) =>
      (await server.call({ method: 'GET', url: '/api/messages/conversations', user })).data.data;
    expect((await conversations(blocker)).total).toBe(1);
    const unread = async () =>
      (await server.call({ method: 'GET', url: '/api/messages/unread-count', user: blocker })).data.data
        .unreadCount;
    expect(await unread()).toBe(1);

    const blocked = await server.call({ method: 'POST', url: `/api/users/${pest.id}/block`, user: blocker });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.data.data).toEqual({ userId: pest.id, blocked: true });
    // Twice is the same as once.
    expect(
      (await server.call({ method: 'POST', url: `/api/users/${pest.id}/block`, user: blocker })).statusCode,
    ).toBe(200);

    const refused = await send(pest, blocker.id, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.data.error).toBe(UNAVAILABLE_RECIPIENT);
    const opened = await server.call({
      method: 'POST',
      url: '/api/messages/conversations',
      payload: { participantId: blocker.id },
      user: pest,
    });
    expect(opened.statusCode).toBe(403);
    expect((await send(blocker, pest.id, 'Hi')).data.error).toBe(YOU_BLOCKED_RECIPIENT);
    // The blocked person still sees the conversation as it was: nothing tells of the block.
    expect((await conversations(pest)).total).toBe(1);
    const list = await conversations(blocker);
    expect(list.total).toBe(0);
    expect(list.conversations).toEqual([]);
    expect(await unread()).toBe(0);
    // Others still reach the blocker.
    expect((await send(other, blocker.id, 'Hi')).statusCode).toBe(201);

    const mine = await server.call({ method: 'GET', url: '/api/users/me/blocked', user: blocker });
    expect(mine.data.data.blocked).toEqual([expect.objectContaining({ id: pest.id, name: 'Pushy Seller' })]);
    // No one reads another's list: /users/me is always the caller's own.
    const theirs = await server.call({ method: 'GET', url: '/api/users/me/blocked', user: pest });
    expect(theirs.data.data.blocked).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/api/users/me/blocked' })).statusCode).toBe(401);
    // Only the blocker's unblock counts: the blocked person removing it changes nothing.
    await server.call({ method: 'DELETE', url: `/api/users/${blocker.id}/block`, user: pest });
    expect((await send(pest, blocker.id, 'Still?')).statusCode).toBe(403);

    const unblocked = await server.call({
      method: 'DELETE',
      url: `/api/users/${pest.id}/block`,
      user: blocker,
    });
    expect(unblocked.data.data).toEqual({ userId: pest.id, blocked: false });
    expect((await conversations(blocker)).total).toBe(2);
    expect((await send(pest, blocker.id, 'Sorry')).statusCode).toBe(201);
  });

  it('refuses blocking oneself (400), an unknown account (404) and the signed out (401)', async () => {
    const user = await server.createUser();
    expect((await server.call({ method: 'POST', url: `/api/users/${user.id}/block`, user })).statusCode).toBe(
      400,
    );
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/users/00000000-0000-4000-8000-000000000000/block',
          user,
        })
      ).statusCode,
    ).toBe(404);
    expect((await server.call({ method: 'POST', url: `/api/users/${user.id}/block` })).statusCode).toBe(401);
  });
});
