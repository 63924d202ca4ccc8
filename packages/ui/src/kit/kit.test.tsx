import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { closeThresholdFor, SHEET_DISMISS_PX } from './Sheet.tsx';
import { EmptyState, ErrorState } from './States.tsx';
import { Tabs } from './Tabs.tsx';
import { TextField } from './TextField.tsx';

afterEach(() => cleanup());

describe('TextField', () => {
  it('labels the input and ties the error under it with aria-describedby', () => {
    render(<TextField label="Full Name" hint="As on your ID" error="Full name is required" />);
    const input = screen.getByLabelText('Full Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['As on your ID', 'Full name is required']);
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Phone" />);
    expect(screen.getByLabelText('Phone').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('Button', () => {
  it('blocks presses and reports busy while loading', () => {
    render(<Button loading>Sign In</Button>);
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('Sheet', () => {
  it('dismisses 100 px down whatever its height', () => {
    expect(SHEET_DISMISS_PX).toBe(100);
    expect(closeThresholdFor(400)).toBe(0.25);
    expect(closeThresholdFor(800)).toBe(0.125);
    expect(closeThresholdFor(80)).toBe(1);
    expect(closeThresholdFor(0)).toBe(0.25);
  });
});

describe('Dialog', () => {
  it('opens with its title, traps focus inside and closes with Escape', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Select Country">
            <input aria-label="Search" />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Select Country' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Tabs', () => {
  it('shows the chosen panel', async () => {
    function Harness() {
      const [value, setValue] = useState<'ai' | 'quiz'>('ai');
      return (
        <Tabs
          label="Discovery mode"
          value={value}
          onValueChange={setValue}
          items={[
            { value: 'ai', label: 'AI Search', content: <p>Describe your car</p> },
            { value: 'quiz', label: 'Lifestyle Match', content: <p>Five questions</p> },
          ]}
        />
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Describe your car')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Lifestyle Match' }));
    expect(screen.getByText('Five questions')).toBeTruthy();
  });
});

describe('EmptyState and ErrorState', () => {
  it('render their texts and actions', async () => {
    let retried = 0;
    const user = userEvent.setup();
    render(
      <>
        <EmptyState title="No conversations yet" description="Start a conversation by contacting a dealer" />
        <ErrorState message="Network error" onRetry={() => (retried += 1)} />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });
});
