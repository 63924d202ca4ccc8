import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'a-long-secret-1';

export interface SignedUp {
  /** The local part, as typed after the country picker's +268. */
  local: string;
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

/**
 * A fresh customer, signed up through the API with the code the development outbox holds (what WhatsApp would
 * have delivered). A new Eswatini number per run, so the test can repeat on the same database.
 */
export async function signUpCustomer(
  request: APIRequestContext,
  name: string,
  salt: number,
): Promise<SignedUp> {
  const local = `7${salt}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const phone = `+268${local}`;
  const signup = await request.post('/api/auth/signup', { data: { name, phone, password: PASSWORD } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const outbox = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  const code = ((await outbox.json()) as { data: { messages: { code: string }[] } }).data.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  const verified = await request.post('/api/auth/verify-signup', { data: { phone, otp: code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { data } = (await verified.json()) as { data: Omit<SignedUp, 'local'> };
  return { local, ...data };
}

/** Opens Sell with the session already stored, as after an earlier sign-in on this browser. */
export async function openSellSignedIn(page: Page, account: SignedUp) {
  await page.goto('/browse');
  await page.evaluate((a) => {
    localStorage.setItem(
      'autoreel.tokens',
      JSON.stringify({ accessToken: a.accessToken, refreshToken: a.refreshToken }),
    );
    localStorage.setItem('autoreel.user', JSON.stringify(a.user));
  }, account);
  await page.goto('/sell');
}
