import { calendarDate, carTitle, groupDigits } from '@autoreel/core';
import type { ColumnDef, Table } from '@tanstack/react-table';
import { CAR_STATUS_LABELS, displayPrice, sellerStatusChoices, type CarStatus } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { CarIcon } from '../../../kit/icons.tsx';
import { HiddenMark } from '../../../moderation/HiddenMark.tsx';
import { AddVideoButton } from '../../../listing/AddVideoButton.tsx';
import styles from './Inventory.module.css';
import type { DealerCar } from '../../../dealers/dealer-api.ts';

/** Columns a dealer may hide; the car, its status and the actions always show. */
export const HIDEABLE_COLUMNS = {
  photo: 'Photo',
  price: 'Price',
  mileage: 'Mileage',
  year: 'Year',
  createdAt: 'Listed',
} as const;

export interface InventoryActions {
  assetUrl: (path: string | null | undefined) => string | undefined;
  /** The car whose status change is on its way, so its select waits. */
  changingId: string | null;
  onStatusChange: (car: DealerCar, status: CarStatus) => void;
  onEdit: (car: DealerCar) => void;
  onDelete: (car: DealerCar) => void;
}

/** The row actions travel in the table's meta, so the columns stay one stable list (see INVENTORY_COLUMNS). */
function actionsOf(table: Table<DealerCar>): InventoryActions {
  return table.options.meta as InventoryActions;
}

/**
 * Defined once: flexRender treats each cell function as a component, so a column list rebuilt on every render
 * would remount every cell (and lose a click or the focus of a status select in the middle of a re-render).
 */
/** The server's preparation of the car's video (its MP4 and HLS ladder), once one was uploaded. */
export const VIDEO_STATUS_LABELS: Readonly<Record<string, string>> = {
  processing: 'Video preparing…',
  ready: 'Video ready',
  failed: 'Video failed: upload it again',
};

/** An imported car waiting for its video: buyers see it once the video is added. */
export const DRAFT_MARK = 'Draft: add its video to publish it';

function VideoStatus({ status }: { status: string }) {
  const label = VIDEO_STATUS_LABELS[status];
  if (!label) return null;
  return (
    <span className={styles.videoStatus} data-video-status={status} role="status">
      {label}
    </span>
  );
}

export const INVENTORY_COLUMNS: ColumnDef<DealerCar>[] = [
  {
    id: 'select',
    enableSorting: false,
    enableHiding: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all cars on this page"
        checked={table.getIsAllPageRowsSelected()}
        ref={(input) => {
          if (input) input.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${carTitle(row.original)}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  },
  {
    id: 'photo',
    header: 'Photo',
    enableSorting: false,
    cell: ({ row, table }) => {
      const src = actionsOf(table).assetUrl(row.original.poster ?? row.original.images[0]);
      return src ? (
        <img src={src} alt="" className={styles.thumb} loading="lazy" />
      ) : (
        <span className={styles.thumb} aria-hidden="true">
          <CarIcon size={18} />
        </span>
      );
    },
  },
  {
    id: 'car',
    header: 'Car',
    enableSorting: false,
    enableHiding: false,
    cell: ({ row }) => (
      <>
        <span className={styles.carName}>{carTitle(row.original)}</span>
        <VideoStatus status={row.original.videoStatus} />
        {row.original.status === 'draft' && row.original.videoStatus !== 'processing' ? (
          <>
            <span className={styles.videoStatus} data-testid="draft-mark">
              {DRAFT_MARK}
            </span>
            <AddVideoButton carId={row.original.id} title={carTitle(row.original)} />
          </>
        ) : null}
        <HiddenMark hidden={row.original.hiddenByModeration} />
      </>
    ),
  },
  {
    id: 'price',
    accessorKey: 'price',
    header: 'Price',
    // Cheapest first on the first click, then dearest first.
    sortDescFirst: false,
    cell: ({ row }) => displayPrice(row.original),
  },
  {
    id: 'mileage',
    accessorKey: 'mileage',
    header: 'Mileage',
    sortDescFirst: false,
    cell: ({ row }) => `${groupDigits(row.original.mileage)} km`,
  },
  { id: 'year', accessorKey: 'year', header: 'Year', enableSorting: false },
  {
    id: 'createdAt',
    accessorKey: 'createdAt',
    header: 'Listed',
    sortDescFirst: true,
    cell: ({ row }) => calendarDate(row.original.createdAt),
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    enableHiding: false,
    cell: ({ row, table }) => (
      <select
        className={styles.statusSelect}
        data-status={row.original.status}
        aria-label={`Status of ${carTitle(row.original)}`}
        value={row.original.status}
        disabled={actionsOf(table).changingId === row.original.id || row.original.status === 'draft'}
        onChange={(e) => actionsOf(table).onStatusChange(row.original, e.target.value as CarStatus)}
      >
        {sellerStatusChoices(row.original.status).map((status) => (
          <option key={status} value={status}>
            {CAR_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    ),
  },
  {
    id: 'actions',
    header: () => <span className="ar-visually-hidden">Actions</span>,
    enableSorting: false,
    enableHiding: false,
    cell: ({ row, table }) => (
      <span className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={() => actionsOf(table).onEdit(row.original)}>
          Edit<span className="ar-visually-hidden"> {carTitle(row.original)}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actionsOf(table).onDelete(row.original)}>
          Delete<span className="ar-visually-hidden"> {carTitle(row.original)}</span>
        </Button>
      </span>
    ),
  },
];
