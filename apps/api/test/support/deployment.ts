import type { Database } from '../../src/db/client.ts';
import { hashPassword } from '../../src/accounts/password.service.ts';
import { users } from '../../src/db/schema/index.ts';
import { nextTestPhone } from '../harness.ts';

/** An account that signs in with its phone and password, as a deployment's people do. */
export interface Account {
  id: string;
  name: string;
  phone: string;
  password: string;
}

/** Inserts a verified account with a real password hash (no OTP round trip: no WhatsApp here). */
export async function insertAccount(db: Database, name: string): Promise<Account> {
  const password = `${name.toLowerCase().replace(/\W+/g, '-')}-pass-7`;
  const phone = nextTestPhone();
  const [row] = await db
    .insert(users)
    .values({
      name,
      phone,
      role: 'customer',
      passwordHash: await hashPassword(password),
      isPhoneVerified: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no account');
  return { id: row.id, name, phone, password };
}

/** A JSON call to a server (or a proxy) at `base`; answers the status and the parsed body. */
export async function callApi(
  base: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; data: any }> {
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text) : undefined };
}

/** Signs in with phone and password; answers the access token. */
export async function signIn(base: string, account: Account): Promise<string> {
  const answer = await callApi(base, '/api/auth/login', {
    body: { phone: account.phone, password: account.password },
  });
  if (answer.status !== 200)
    throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data.data.accessToken as string;
}
