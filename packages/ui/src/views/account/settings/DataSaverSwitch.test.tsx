import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readDataSaver } from '../../../platform/data-saver.ts';
import { DataSaverSwitch } from './DataSaverSwitch.tsx';

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

it('switches Data saver on and off, kept on this device', async () => {
  const user = userEvent.setup();
  render(<DataSaverSwitch />);
  const toggle = screen.getByRole('switch', { name: /Data saver/ });
  expect((toggle as HTMLInputElement).checked).toBe(false);
  expect(screen.getByText('Videos in low quality on this device, nothing loaded ahead')).toBeTruthy();

  await user.click(toggle);
  expect((toggle as HTMLInputElement).checked).toBe(true);
  expect(readDataSaver()).toBe(true);
  expect(window.localStorage.getItem('autoreel.dataSaver')).toBe('1');
  expect(
    screen.getByText('On: videos play in low quality, and only the next photo loads ahead'),
  ).toBeTruthy();

  // A second page (another tab, a reload) reads the same switch.
  cleanup();
  render(<DataSaverSwitch />);
  const again = screen.getByRole('switch', { name: /Data saver/ });
  expect((again as HTMLInputElement).checked).toBe(true);
  await user.click(again);
  expect(readDataSaver()).toBe(false);
  expect(window.localStorage.getItem('autoreel.dataSaver')).toBeNull();
});
