import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../testing/api-server.test-support.ts';
import { renderSignedIn, screenTestApi } from '../testing/screen-api.test-support.tsx';
import { BlockedPeople } from '../views/account/settings/BlockedPeople.tsx';
import { BlockButton } from './BlockButton.tsx';

const api = screenTestApi();

describe('Block', () => {
  it('blocks after a confirmation, then offers Unblock', async () => {
    let blocked: { id: string; name: string; blockedAt: string }[] = [];
    api.on('GET /users/me/blocked', () => ok({ blocked }));
    api.on('POST /users/seller-1/block', () => {
      blocked = [{ id: 'seller-1', name: 'Pushy Seller', blockedAt: '2026-11-02T09:00:00.000Z' }];
      return ok({ userId: 'seller-1', blocked: true });
    });
    const { user } = renderSignedIn(api.baseUrl, <BlockButton userId="seller-1" name="Pushy Seller" />);
    const block = await screen.findByRole('button', { name: 'Block' });
    // Enabled once the list says whether the person is blocked already.
    await waitFor(() => expect((block as HTMLButtonElement).disabled).toBe(false));
    await user.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Block Pushy Seller?' });
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Pushy Seller is blocked')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('is not drawn for oneself', () => {
    api.on('GET /users/me/blocked', ok({ blocked: [] }));
    renderSignedIn(api.baseUrl, (me) => <BlockButton userId={me.id} name={me.name} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Settings > Blocked people', () => {
  it('lists the blocked with Unblock, and says when there is no one', async () => {
    let blocked = [{ id: 'seller-1', name: 'Pushy Seller', blockedAt: '2026-11-02T09:00:00.000Z' }];
    api.on('GET /users/me/blocked', () => ok({ blocked }));
    api.on('DELETE /users/seller-1/block', () => {
      blocked = [];
      return ok({ userId: 'seller-1', blocked: false });
    });
    const { user } = renderSignedIn(api.baseUrl, <BlockedPeople />);
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    await user.click(within(list).getByRole('button', { name: 'Unblock Pushy Seller' }));
    expect(await screen.findByText('Pushy Seller is unblocked')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'You have not blocked anyone' })).toBeTruthy();
  });
});
