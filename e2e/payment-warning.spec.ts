import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations, signUpCustomer } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Session {
  user: { id: string; name: string };
  accessToken: string;
  refreshToken: string;
}

/**
 * Issue 28, warnings where money is asked: a seller asks for a deposit in chat; on a 390 px phone the buyer sees
 * 'Never pay before you have seen the car and its papers' under it and reports it with one tap. The buyer's own
 * question about paying cash at the viewing carries no warning.
 */
test('a buyer sees the payment warning under a deposit request and reports it in one tap', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [buyer, seller] = await Promise.all([
    signUpCustomer(request, 'Nomsa Buyer', 4),
    data<Session>(
      await request.post('/api/auth/login', { data: { phone: '+26876000002', password: 'demo-pass-2026' } }),
    ),
  ]);
  const asBuyer = { authorization: `Bearer ${buyer.accessToken}` };
  const asSeller = { authorization: `Bearer ${seller.accessToken}` };

  // The buyer asks; the seller answers with a deposit request (both through the API, as two phones would).
  const question = `Can I pay cash when I see it? (${Date.now()})`;
  await data(
    await request.post('/api/messages/send', {
      headers: { ...asBuyer, 'Idempotency-Key': `q-${Date.now()}` },
      data: { receiverId: seller.user.id, message: question, messageType: 'text' },
    }),
  );
  const ask = `Send the deposit of E2000 by MoMo to reserve it (${Date.now()})`;
  await data(
    await request.post('/api/messages/send', {
      headers: { ...asSeller, 'Idempotency-Key': `d-${Date.now()}` },
      data: { receiverId: buyer.user.id, message: ask, messageType: 'text' },
    }),
  );

  // The buyer opens the chat on a phone.
  await page.goto('/browse');
  await page.evaluate((s) => {
    localStorage.setItem(
      'autoreel.tokens',
      JSON.stringify({ accessToken: s.accessToken, refreshToken: s.refreshToken }),
    );
    localStorage.setItem('autoreel.user', JSON.stringify(s.user));
  }, buyer);
  await page.goto(`/messages/${seller.user.id}`);
  const thread = page.getByRole('list', { name: 'Messages', exact: true });
  const depositRequest = thread.getByRole('listitem').filter({ hasText: ask });
  await expect(depositRequest).toBeVisible();

  // The warning is under the deposit request, and only there.
  const warning = depositRequest.getByRole('note', { name: 'Payment warning' });
  await expect(warning).toContainText('Never pay before you have seen the car and its papers');
  await expect(thread.getByRole('note', { name: 'Payment warning' })).toHaveCount(1);
  await expect(
    thread.getByRole('listitem').filter({ hasText: question }).getByRole('note', { name: 'Payment warning' }),
  ).toHaveCount(0);

  // The report is one tap, at a finger's size, and it fits the phone's width.
  const report = warning.getByRole('button', { name: 'Report this payment request' });
  await expect(report).toBeInViewport();
  const box = await report.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(32);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, '[aria-label="Payment warning"]')).toEqual([]);
  await report.tap();
  await expect(warning.getByRole('status')).toHaveText('Reported. Our team will look at this conversation.');
  await expect(warning.getByRole('button')).toHaveCount(0);
});
