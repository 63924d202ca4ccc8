import { afterEach, describe, expect, it } from 'vitest';
import type { EventChannel, EventMap } from '../../shared/ipc-contract.ts';
import { consoleServices } from '../ipc/console-services.test-support.ts';
import { createInvokeDispatcher, IpcValidationError } from '../ipc/ipc-router.main.ts';
import { requestSchemas } from '../ipc/ipc-schemas.main.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function setup() {
  const console = consoleServices();
  cleanup = console.cleanup;
  const emitted: { channel: EventChannel; payload: unknown }[] = [];
  const context = {
    emit: <E extends EventChannel>(channel: E, payload: EventMap[E]) => emitted.push({ channel, payload }),
  };
  const dispatch = createInvokeDispatcher(console.handlers, requestSchemas);
  return {
    ...console,
    emitted,
    invoke: (channel: 'notify.show' | 'notify.badge', request: unknown) =>
      dispatch(channel, request, context),
  };
}

describe('OS notifications and the badge', () => {
  it('shows a notification, and its click brings the window forward and opens the conversation', async () => {
    const { invoke, osNotifications, os, emitted } = setup();
    const link = '/messages/0b7c2a4e-8f1d-4c3b-9a6e-2d5f7e9a1b3c?car=4a1b2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    await invoke('notify.show', {
      title: 'New message from Thabo',
      body: 'Is the Hilux still available?',
      link,
    });
    expect(osNotifications).toEqual([
      expect.objectContaining({
        title: 'New message from Thabo',
        body: 'Is the Hilux still available?',
        shown: true,
      }),
    ]);
    expect(emitted).toEqual([]);
    osNotifications[0]?.click();
    expect(os.focused).toBe(1);
    expect(emitted).toEqual([{ channel: 'notification.open', payload: { link } }]);
  });

  it('sets and clears the taskbar and dock badge', async () => {
    const { invoke, os } = setup();
    await invoke('notify.badge', { count: 3 });
    expect(os.badge).toBe(3);
    await invoke('notify.badge', { count: 0 });
    expect(os.badge).toBe(0);
  });

  it.each([
    ['a link to another site', { title: 'x', body: '', link: 'https://evil.example/' }],
    ['a protocol-relative link', { title: 'x', body: '', link: '//evil.example/' }],
    ['an empty title', { title: '', body: '', link: '/messages' }],
  ])('refuses %s before anything is shown', async (_name, request) => {
    const { invoke, osNotifications } = setup();
    await expect(invoke('notify.show', request)).rejects.toBeInstanceOf(IpcValidationError);
    expect(osNotifications).toHaveLength(0);
  });

  it('refuses a badge that is not a count', async () => {
    const { invoke, os } = setup();
    await expect(invoke('notify.badge', { count: -1 })).rejects.toBeInstanceOf(IpcValidationError);
    await expect(invoke('notify.badge', { count: 1.5 })).rejects.toBeInstanceOf(IpcValidationError);
    expect(os.badge).toBe(-1);
  });
});
