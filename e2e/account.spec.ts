import { createServer } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_LOCAL, DEMO_PASSWORD, signIn } from './support.ts';

const BUYER = { phone: `+268${DEMO_LOCAL.customer}`, local: DEMO_LOCAL.customer };

interface Envelope<T> {
  data: T;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

async function apiLogin(request: APIRequestContext, phone: string, password = DEMO_PASSWORD) {
  const session = await data<{
    accessToken: string;
    user: { id: string; name: string; email: string | null };
  }>(await request.post('/api/auth/login', { data: { phone, password } }));
  return { ...session, headers: { authorization: `Bearer ${session.accessToken}` } };
}

/** Makes sure the buyer has more than one page (20) of liked cars, liking through the API what is missing. */
async function ensureLikedCars(request: APIRequestContext, headers: Record<string, string>, wanted: number) {
  const liked = await data<{ cars: { id: string }[] }>(
    await request.get('/api/cars/user/liked?page=1&limit=100', { headers }),
  );
  const have = new Set(liked.cars.map((c) => c.id));
  if (have.size >= wanted) return;
  const list = await data<{ cars: { id: string }[] }>(await request.get('/api/cars?limit=60'));
  for (const car of list.cars) {
    if (have.size >= wanted) break;
    if (have.has(car.id)) continue;
    const answer = await data<{ liked: boolean }>(
      await request.post(`/api/cars/${car.id}/like`, { headers }),
    );
    expect(answer.liked).toBe(true);
    have.add(car.id);
  }
}

/**
 * The webhook the e2e server forwards stored feedback to (FEEDBACK_WEBHOOK_URL, set in e2e/e2e-server.ts):
 * what it receives is read back from the feedback table, so it shows what the API stored. Nothing else reads
 * feedback, and the API offers no route to.
 */
async function feedbackWebhook(port: number) {
  const received: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the demo buyer pages through favourites, searches them, edits their name and sends feedback', async ({
  page,
  request,
  e2eServer,
}) => {
  const buyer = await apiLogin(request, BUYER.phone);
  const original = { name: buyer.user.name, email: buyer.user.email };
  await ensureLikedCars(request, buyer.headers, 25);
  const webhook = await feedbackWebhook(e2eServer.webhookPort);

  try {
    await signIn(page, BUYER.local);
    await page.goto('/account');
    await expect(page.getByRole('tab', { name: 'Favorites', selected: true })).toBeVisible();
    const favourites = page.getByRole('list', { name: 'Favorite cars' });
    await expect(favourites.getByRole('article')).toHaveCount(20);
    await expect(favourites.getByText('Liked Today').first()).toBeVisible();
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => favourites.getByRole('article').count()).toBeGreaterThan(20);

    // Search narrows the loaded favourites to the make of the first one.
    const firstTitle = (await favourites.getByRole('article').first().getAttribute('aria-label'))!;
    const make = firstTitle.split(' ')[1]!;
    await page.getByPlaceholder('Search your favorites...').fill(make);
    const matching = favourites.getByRole('article');
    await expect(matching.first()).toBeVisible();
    for (const label of await matching.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) {
      expect(label?.toLowerCase()).toContain(make.toLowerCase());
    }
    await page.screenshot({ path: 'test-results/account-favorites.png' });

    // Profile: a blank name is refused, then a new name is saved and shows in the header.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByText('Phone verified')).toBeVisible();
    await page.screenshot({ path: 'test-results/account-profile.png' });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const nameInput = page.getByLabel('Full Name');
    await nameInput.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    const newName = `Thandi E2E ${Date.now() % 10_000}`;
    await nameInput.fill(newName);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible();
    const me = await data<{ user: { name: string } }>(
      await request.get('/api/auth/me', { headers: buyer.headers }),
    );
    expect(me.user.name).toBe(newName);

    // Settings: feedback form, with the counter and the success state.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('list', { name: 'Settings' })).toBeVisible();
    await page.screenshot({ path: 'test-results/account-settings.png' });
    await page.getByRole('button', { name: /^FAQ and Help Center/ }).click();
    await page.getByPlaceholder('Search questions...').fill('whatsapp');
    await expect(page.getByText('Why do I need a WhatsApp number to sign up?')).toBeVisible();
    await page.screenshot({ path: 'test-results/account-faq.png' });
    await page.getByRole('button', { name: 'Send Feedback', exact: true }).click();
    await page.getByLabel('Category').selectOption('feature');
    await page.getByLabel('Email', { exact: true }).fill('buyer@example.com');
    await page.getByLabel('Subject').fill('Saved searches');
    await page.getByLabel('Message').fill('Please let me save a search and tell me about new matches.');
    await expect(page.getByText('58/500 characters')).toBeVisible();
    await page.getByRole('button', { name: '5 stars: Excellent' }).click();
    const submitted = page.waitForResponse(
      (response) => response.url().endsWith('/api/feedback') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'Feedback Submitted Successfully!' })).toBeVisible();
    await page.screenshot({ path: 'test-results/account-feedback.png' });
    await page.getByRole('button', { name: 'Back to Settings' }).click();
    await expect(page.getByRole('list', { name: 'Settings' })).toBeVisible();

    // The API stored it as sent, tied to the signed-in buyer: the webhook gets the stored row.
    const answer = await submitted;
    expect(answer.status()).toBe(201);
    const { id } = ((await answer.json()) as Envelope<{ id: string }>).data;
    await expect
      .poll(() => webhook.received.find((feedback) => feedback['id'] === id), { timeout: 15_000 })
      .toMatchObject({
        category: 'feature',
        name: newName,
        email: 'buyer@example.com',
        subject: 'Saved searches',
        message: 'Please let me save a search and tell me about new matches.',
        rating: 5,
        canContact: true,
        userInfo: { name: newName, phone: BUYER.phone, role: 'customer' },
        source: 'web',
      });
  } finally {
    await webhook.close();
    // The demo account keeps its name for the next run and the other suites.
    await request.put('/api/auth/me', { headers: buyer.headers, data: original });
  }
});

test('a customer opening the admin page is denied', async ({ page }) => {
  await signIn(page, BUYER.local);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
