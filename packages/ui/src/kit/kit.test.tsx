import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { closeThresholdFor, SHEET_DISMISS_PX } from './Sheet.tsx';
import { EmptyState, ErrorState } from './States.tsx';
import { Tabs } from './Tabs.tsx';
import { TextAreaField, TextField } from './TextField.tsx';

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

  it("clears a submit's error as the user types, and shows it again when a submit finds it again", async () => {
    // As the forms check: on submit only, keeping the message in their own state until the next submit.
    function NameForm() {
      const [name, setName] = useState('');
      const [error, setError] = useState<string | null>(null);
      return (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setError(name.trim().length < 3 ? 'Name must be at least 3 characters' : null);
          }}
        >
          <TextField label="Name" value={name} error={error} onChange={(e) => setName(e.target.value)} />
          <TextAreaField label="Note" error={error} />
          <button type="submit">Save</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<NameForm />);
    const name = screen.getByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Name must be at least 3 characters')).toHaveLength(2);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'S');
    // The name's message is gone at the first keystroke; the untouched note keeps its own.
    expect(screen.getAllByText('Name must be at least 3 characters')).toHaveLength(1);
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(name.hasAttribute('aria-describedby')).toBe(false);
    await user.type(screen.getByLabelText('Note'), 'x');
    expect(screen.queryByText('Name must be at least 3 characters')).toBeNull();
    // The same message again on the next submit shows again.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Name must be at least 3 characters')).toHaveLength(2);
    await user.type(name, 'ipho');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('Name must be at least 3 characters')).toBeNull();
  });

  it('keeps a live error (worked out from the value as typed) while the user types', async () => {
    function Live() {
      const [year, setYear] = useState('20');
      return (
        <TextField
          label="Year"
          value={year}
          liveError
          error={year.length !== 4 ? 'Enter a year' : null}
          onChange={(e) => setYear(e.target.value)}
        />
      );
    }
    const user = userEvent.setup();
    render(<Live />);
    await user.type(screen.getByLabelText('Year'), '2');
    expect(screen.getByText('Enter a year')).toBeTruthy();
    await user.type(screen.getByLabelText('Year'), '4');
    expect(screen.queryByText('Enter a year')).toBeNull();
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
