import { carTitle } from '@autoreel/core';
import { expect, test } from './fixtures.ts';
import { dealerCar, PASSWORD, signIn, signUpCustomer } from './support.ts';

const CONTACT_LOGIN_PROMPT = 'Please login to contact the seller about this car.';

/*
 * The detail page's Contact Dealer form reaches the dealer for real: a visitor is asked to log in first; a fresh
 * buyer signs in, sends the form from a car's page, and finds the conversation in Messages with the car as its
 * context, as the API stored it. A test-drive request then lands in the same conversation with the chosen time.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a buyer sends the Contact Dealer form from a car and finds it in Messages with the car', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const car = await dealerCar(request);
  const title = carTitle(car);

  // Signed out, the form asks for a login first.
  await page.goto(`/cars/${car.id}`);
  await page
    .getByRole('group', { name: 'Contact the seller' })
    .getByRole('button', { name: 'Message' })
    .click();
  await expect(page.getByText(CONTACT_LOGIN_PROMPT, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();

  const buyer = await signUpCustomer(request, 'Ayanda Contact', 7);
  await signIn(page, buyer.local, PASSWORD);
  await page.goto(`/cars/${car.id}`);
  await page
    .getByRole('group', { name: 'Contact the seller' })
    .getByRole('button', { name: 'Message' })
    .click();
  const form = page.getByRole('dialog', { name: 'Contact Dealer' });
  await expect(form.getByLabel('Name')).toHaveValue('Ayanda Contact');
  await expect(form.getByLabel('Message')).toHaveValue(`Hi, I'm interested in the ${title}`);
  const question = `Is the service book complete? ${Date.now()}`;
  await form.getByLabel('Message').fill(`Hi, I'm interested in the ${title}. ${question}`);
  await form.getByLabel('Email (optional)').fill('ayanda@example.com');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/contact-dealer-sent-phone.png' });

  // The API holds one conversation for this buyer, about this car, with the text and the buyer's details.
  const answer = await request.get('/api/messages/conversations', {
    headers: { authorization: `Bearer ${buyer.accessToken}` },
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as {
    data: {
      conversations: {
        car: { id: string } | null;
        participant: { dealerId: string | null };
        latestMessage: {
          message: string;
          contactMethod: string;
          contact: { name: string; email?: string } | null;
        };
      }[];
    };
  };
  expect(data.conversations).toHaveLength(1);
  const [conversation] = data.conversations;
  expect(conversation!.car?.id).toBe(car.id);
  expect(conversation!.participant.dealerId).toBe(car.dealerId);
  expect(conversation!.latestMessage.message).toContain(question);
  // The words read as a person wrote them; the details travel as a card.
  expect(conversation!.latestMessage.message).not.toMatch(/Name:|Phone:|Email:/);
  expect(conversation!.latestMessage.contact?.email).toBe('ayanda@example.com');
  expect(conversation!.latestMessage.contactMethod).toBe('in_app');

  // Messages lists it with the car; opening it shows the car strip and the message.
  await form.getByRole('button', { name: 'Done' }).click();
  await page.goto('/messages');
  const row = page.getByRole('button', { name: /^Conversation with / });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(title);
  await expect(row).toContainText(question);
  await row.click();
  await expect(page.getByRole('button', { name: /Click to view car details/ })).toContainText(title);
  await expect(page.getByRole('listitem').filter({ hasText: question })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Email' }).first()).toBeVisible();

  // A test drive goes to the same conversation, with the day and time chosen.
  await page.goto(`/cars/${car.id}`);
  await page.getByRole('button', { name: 'Schedule Test Drive' }).click();
  const testDrive = page.getByRole('dialog', { name: 'Schedule Test Drive' });
  const day = new Date();
  day.setDate(day.getDate() + 2);
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await testDrive.getByLabel('Preferred date').fill(iso);
  await testDrive.getByLabel('Preferred time').selectOption('11:00');
  await testDrive.getByRole('button', { name: 'Send Message' }).click();
  await expect(testDrive.getByRole('heading', { name: 'Test drive request sent' })).toBeVisible();
  await testDrive.getByRole('button', { name: 'Open conversation' }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/[^/?]+\\?car=${car.id}$`));
  await expect(
    page.getByRole('listitem').filter({ hasText: /Test drive\s*\w+ \d+ \w+ \d{4} at 11:00/ }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/contact-dealer-test-drive-phone.png' });
});
