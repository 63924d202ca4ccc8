import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../testing/api-server.test-support.ts';
import { renderSignedIn, screenTestApi } from '../../../testing/screen-api.test-support.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';

const api = screenTestApi();

const posts = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/feedback');

function renderForm(user: Record<string, unknown> = { email: 'thandi@example.com' }) {
  return renderSignedIn(api.baseUrl, (session) => <FeedbackForm user={session} />, user);
}

async function fillValid(user: ReturnType<typeof renderForm>['user']) {
  await user.selectOptions(screen.getByLabelText('Category'), 'bug');
  await user.type(screen.getByLabelText('Subject'), 'Video stays black');
  await user.type(screen.getByLabelText('Message'), 'On my phone the feed video never starts.');
}

describe('FeedbackForm', () => {
  it('lists the seven categories, prefills name and email, and counts message characters', async () => {
    const { user } = renderForm();
    const options = Array.from(screen.getByLabelText<HTMLSelectElement>('Category').options).map(
      (o) => o.textContent,
    );
    expect(options).toEqual([
      'Choose a category',
      'General Feedback',
      'Bug Report',
      'Feature Request',
      'Customer Support',
      'Dealer Experience',
      'App Experience',
      'Suggestion',
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Thandi Dlamini');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('thandi@example.com');
    expect(screen.getByText('0/500 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Message'), 'Hello');
    expect(screen.getByText('5/500 characters')).toBeTruthy();
    // SPEC 5: the limit is shown, not enforced.
    await user.click(screen.getByLabelText('Message'));
    await user.paste('x'.repeat(600));
    expect(screen.getByText('605/500 characters')).toBeTruthy();
  });

  it('shows every field error and sends nothing while the form is incomplete', async () => {
    const { user } = renderForm({ email: null });
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Please choose a category')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'thandi@');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('goes sending then success with the rating and contact choice, and can start again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on('POST /feedback', async () => {
      await held;
      return { status: 201, body: { success: true, data: { id: 'f1' } } };
    });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '4 stars: Very Good' }));
    expect(screen.getByText('Very Good')).toBeTruthy();
    await user.click(screen.getByLabelText('You may contact me by email about this feedback'));
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(await screen.findByRole('heading', { name: 'Feedback Submitted Successfully!' })).toBeTruthy();
    expect(posts()[0]?.body).toEqual({
      category: 'bug',
      name: 'Thandi Dlamini',
      email: 'thandi@example.com',
      subject: 'Video stays black',
      message: 'On my phone the feed video never starts.',
      rating: 4,
      canContact: false,
    });
    await user.click(screen.getByRole('button', { name: 'Send More Feedback' }));
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('');
  });

  it('leaves the rating out when none is chosen, and a second tap on a star clears it', async () => {
    api.on('POST /feedback', { status: 201, body: { success: true, data: { id: 'f2' } } });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '2 stars: Fair' }));
    await user.click(screen.getByRole('button', { name: '2 stars: Fair' }));
    expect(screen.getByText('Not rated')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByRole('heading', { name: 'Feedback Submitted Successfully!' });
    expect(posts()[0]?.body).not.toHaveProperty('rating');
    expect(posts()[0]?.body).toMatchObject({ canContact: true });
  });

  it("shows 'Submission Failed' with the SPEC's text, keeps what was typed, and succeeds on retry", async () => {
    let failing = true;
    api.on('POST /feedback', () => (failing ? fail(503, 'Unavailable') : ok({ id: 'f3' })));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    expect(
      screen.getByText("Sorry, we couldn't submit your feedback. Please try again or contact us directly."),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('Video stays black');

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Feedback Submitted Successfully!' })).toBeTruthy();
    expect(posts()).toHaveLength(2);
  });

  it("puts the API's field errors under their inputs", async () => {
    api.on('POST /feedback', {
      status: 400,
      body: {
        success: false,
        error: 'Invalid',
        errors: [{ field: 'subject', message: 'Subject is required' }],
      },
    });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect(screen.queryByText('Submission Failed')).toBeNull();
  });
});
