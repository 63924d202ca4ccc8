import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAQ_ENTRIES } from '@autoreel/core';
import { HelpCenter } from './HelpCenter.tsx';
import { searchFaq } from './search-faq.ts';

afterEach(() => cleanup());

describe('searchFaq', () => {
  it('keeps all 12 entries in the five categories for a blank query', () => {
    const groups = searchFaq('  ');
    expect(groups.map((g) => g.category)).toEqual(['general', 'contact', 'safety', 'payment', 'account']);
    expect(groups.flatMap((g) => g.entries)).toHaveLength(12);
  });

  it('matches every word in the question or answer, in any case and order', () => {
    const ids = (q: string) => searchFaq(q).flatMap((g) => g.entries.map((e) => e.id));
    expect(ids('WHATSAPP sign')).toContain('whatsapp-required');
    expect(ids('delete account')).toContain('delete-account');
    expect(ids('zeppelin')).toEqual([]);
  });

  it('narrows to one category', () => {
    const groups = searchFaq('', 'safety');
    expect(groups.map((g) => g.category)).toEqual(['safety']);
    expect(groups[0]?.entries).toHaveLength(FAQ_ENTRIES.filter((e) => e.category === 'safety').length);
  });
});

describe('HelpCenter', () => {
  it('lists the questions by category, filters as you type, and says when nothing matches', async () => {
    const onContact = vi.fn();
    render(<HelpCenter onContact={onContact} />);
    const user = userEvent.setup();
    expect(screen.getByText('12 questions')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Safety' })).toBeTruthy();

    await user.type(screen.getByPlaceholderText('Search questions...'), 'scams');
    const safety = screen.getByRole('region', { name: 'Safety' });
    expect(within(safety).getByText('How do I avoid scams?')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'General' })).toBeNull();
    expect(screen.getByText(/of 12 questions/)).toBeTruthy();

    await user.type(screen.getByPlaceholderText('Search questions...'), ' zeppelin');
    expect(screen.getByRole('heading', { name: 'No questions match your search' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(onContact).toHaveBeenCalledOnce();
  });

  it('filters by category chip', async () => {
    render(<HelpCenter onContact={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Your Account' }));
    expect(screen.getByRole('button', { name: 'Your Account' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Your Account']);
    expect(screen.getByText('How do I delete my account?')).toBeTruthy();
  });
});
