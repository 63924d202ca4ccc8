import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { getCoreRowModel, useReactTable, flexRender } from '@tanstack/react-table';
import type { DealerCar } from '../../../dealers/dealer-api.ts';
import { HIDDEN_BY_MODERATION } from '../../../moderation/HiddenMark.tsx';
import { INVENTORY_COLUMNS } from './inventory-columns.tsx';

afterEach(cleanup);

function CarCell({ car }: { car: DealerCar }) {
  // eslint-disable-next-line react-hooks/incompatible-library -- a one-row table, rendered once per status
  const table = useReactTable({
    data: [car],
    columns: INVENTORY_COLUMNS.filter((c) => c.id === 'car'),
    getCoreRowModel: getCoreRowModel(),
  });
  const cell = table.getRowModel().rows[0]!.getVisibleCells()[0]!;
  return <div>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>;
}

it("shows the server's preparation of each car's video under its name", () => {
  const car = (videoStatus: string) =>
    ({ id: videoStatus, make: 'Toyota', model: 'Hilux', year: 2021, videoStatus }) as unknown as DealerCar;
  const { rerender } = render(<CarCell car={car('processing')} />);
  expect(screen.getByRole('status').textContent).toBe('Video preparing…');
  rerender(<CarCell car={car('ready')} />);
  expect(screen.getByRole('status').textContent).toBe('Video ready');
  rerender(<CarCell car={car('failed')} />);
  expect(screen.getByRole('status').textContent).toBe('Video failed: upload it again');
  rerender(<CarCell car={car('none')} />);
  expect(screen.queryByRole('status')).toBeNull();
});

it('marks a listing moderation hid, and only such a listing', () => {
  const car = (hiddenByModeration: boolean) =>
    ({
      id: 'car-1',
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      videoStatus: 'ready',
      hiddenByModeration,
    }) as unknown as DealerCar;
  const { rerender } = render(<CarCell car={car(true)} />);
  expect(screen.getByTestId('hidden-by-moderation').textContent).toBe(HIDDEN_BY_MODERATION);
  rerender(<CarCell car={car(false)} />);
  expect(screen.queryByTestId('hidden-by-moderation')).toBeNull();
});
