import { expect, test } from './fixtures.ts';

test('the storefront opens on the real server and a shared car link opens the app', async ({
  page,
  request,
}) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Premium Car Collection' })).toBeVisible();
  const cars = (await (await request.get('/api/cars?limit=1')).json()) as {
    data: { cars: { id: string }[] };
  };
  const id = cars.data.cars[0]!.id;
  await page.goto(`/cars/${id}`);
  await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  await expect(page.locator('#root')).not.toBeEmpty();
});
