import { expect, test } from '@playwright/test';

test('the storefront opens on the real server', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'AutoReel' })).toBeVisible();
});
