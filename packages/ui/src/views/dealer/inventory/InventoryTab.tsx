import { carTitle, countOf, groupDigits } from '@autoreel/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { CAR_STATUSES, CAR_STATUS_LABELS, type CarSort, type CarStatus } from '@autoreel/core';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { Button } from '../../../kit/Button.tsx';
import { cx } from '../../../kit/cx.ts';
import { CarIcon, SearchIcon } from '../../../kit/icons.tsx';
import { Spinner } from '../../../kit/Spinner.tsx';
import { EmptyState, ErrorState } from '../../../kit/States.tsx';
import { TextField } from '../../../kit/TextField.tsx';
import { useToast } from '../../../kit/Toast.tsx';
import dashboard from '../Dashboard.module.css';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { LabeledSelect } from '../LabeledSelect.tsx';
import { useMyCars } from '../../../cars/useMyCars.ts';
import {
  useBulkStatus,
  useDeleteCar,
  useRestoreStatuses,
  useUpdateCar,
  type DealerCar,
} from '../../../dealers/dealer-api.ts';
import { errorMessage } from '../../../platform/form-errors.ts';
import { useMediaQuery } from '../../../kit/useMediaQuery.ts';
import { EditCarDialog } from './EditCarDialog.tsx';
import { InventoryCards } from './InventoryCards.tsx';
import { HIDEABLE_COLUMNS, INVENTORY_COLUMNS, type InventoryActions } from './inventory-columns.tsx';
import { serverSortFor, sortingFor } from './inventory-sort.ts';
import { ImportCsvButton } from '../../../listing/ImportCsvDialog.tsx';
import styles from './Inventory.module.css';
import { UndoToast } from './UndoToast.tsx';
import { useCursorPages } from './useCursorPages.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
/** Typing in the search waits this long before the list reloads. */
export const SEARCH_DELAY_MS = 300;
/** GET /cars/mine stops counting here (TOTAL_COUNT_CAP); the total then reads 10,000+. */
const COUNT_CAP = 10_000;
/** Below this width the inventory is a card per car (InventoryCards.tsx); from it on, a table. */
export const INVENTORY_CARDS_QUERY = '(max-width: 767.98px)';

type StatusFilter = 'all' | CarStatus;
const STATUS_FILTERS = [
  { value: 'all' as const, label: 'All statuses' },
  ...CAR_STATUSES.map((status) => ({ value: status, label: CAR_STATUS_LABELS[status] })),
];

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface PendingBulk {
  status: CarStatus;
  /** Each selected car's status before the change, for Undo. */
  previous: Map<string, CarStatus>;
}

interface UndoOffer {
  message: string;
  previous: Map<string, CarStatus>;
}

/**
 * SPEC 2/4/6 inventory: the dealer's own cars in every status, paged, sorted and filtered on the server, with a
 * per-row status select, edit and delete, and all-or-nothing bulk status changes that can be undone.
 */
export function InventoryTab({ onAddCar }: { onAddCar: () => void }) {
  const api = useApi();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search, SEARCH_DELAY_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<CarSort>('newest');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const pages = useCursorPages();
  const { reset: resetPages } = pages;
  const phone = useMediaQuery(INVENTORY_CARDS_QUERY);

  const [pendingBulk, setPendingBulk] = useState<PendingBulk | null>(null);
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const [editing, setEditing] = useState<DealerCar | null>(null);
  const [deleting, setDeleting] = useState<DealerCar | null>(null);
  const [changingId, setChangingId] = useState<string | null>(null);

  const bulk = useBulkStatus();
  const restore = useRestoreStatuses();
  const updateCar = useUpdateCar();
  const deleteCar = useDeleteCar();

  const query = {
    status: status === 'all' ? undefined : status,
    search: settledSearch,
    sort,
    limit: pageSize,
    cursor: pages.cursor,
  };
  const list = useMyCars(query);
  const cars = useMemo(() => list.data?.cars ?? [], [list.data]);

  // A new filter, search, sort or page size starts again at page one, with nothing selected.
  useEffect(() => {
    resetPages();
    setRowSelection({});
  }, [status, settledSearch, sort, pageSize, resetPages]);

  // A page emptied by deletes or status changes steps back to the one before it.
  const { previous: previousPage } = pages;
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && cars.length === 0 && pages.pageIndex > 0) previousPage();
  }, [list.isSuccess, list.isPlaceholderData, cars.length, pages.pageIndex, previousPage]);

  const { mutate: updateStatus } = updateCar;
  const onStatusChange = useCallback(
    (car: DealerCar, next: CarStatus) => {
      setChangingId(car.id);
      updateStatus(
        { id: car.id, body: { status: next } },
        {
          onSuccess: () =>
            toast({
              title: `${carTitle(car)} marked ${CAR_STATUS_LABELS[next].toLowerCase()}`,
              tone: 'success',
            }),
          onError: (error) =>
            toast({
              title: 'Failed to update car',
              description: errorMessage(error, 'Please try again.'),
              tone: 'error',
            }),
          onSettled: () => setChangingId(null),
        },
      );
    },
    [updateStatus, toast],
  );

  const actions: InventoryActions = {
    assetUrl: api.assetUrl,
    changingId,
    onStatusChange,
    onEdit: setEditing,
    onDelete: setDeleting,
  };

  const sorting = sortingFor(sort);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    setSort(serverSortFor(next));
  };

  // The React Compiler is not used here (only its lint rules); the table re-renders with this component's state.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: cars,
    columns: INVENTORY_COLUMNS,
    meta: actions,
    getRowId: (car) => car.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility, rowSelection },
    onSortingChange,
    onColumnVisibilityChange: setColumnVisibility,
    onRowSelectionChange: setRowSelection,
  });

  const selected = table.getSelectedRowModel().rows.map((row) => row.original);

  const askBulk = (next: CarStatus) =>
    setPendingBulk({ status: next, previous: new Map(selected.map((car) => [car.id, car.status])) });

  const confirmBulk = () => {
    if (!pendingBulk) return;
    const carIds = [...pendingBulk.previous.keys()];
    bulk.mutate(
      { carIds, status: pendingBulk.status },
      {
        onSuccess: () => {
          setUndo({
            message: `${countOf(carIds.length, 'car')} marked ${CAR_STATUS_LABELS[pendingBulk.status].toLowerCase()}`,
            previous: pendingBulk.previous,
          });
          setPendingBulk(null);
          setRowSelection({});
        },
      },
    );
  };

  const undoBulk = () => {
    if (!undo) return;
    restore.mutate(undo.previous, {
      onSuccess: () => {
        toast({
          title: `Restored ${countOf(undo.previous.size, 'car')} to their previous status`,
          tone: 'success',
        });
        setUndo(null);
      },
      onError: (error) => {
        toast({
          title: 'Could not undo the change',
          description: errorMessage(error, 'Please try again.'),
          tone: 'error',
        });
        setUndo(null);
      },
    });
  };
  const dismissUndo = useCallback(() => setUndo(null), []);

  const confirmDelete = () => {
    if (!deleting) return;
    const title = carTitle(deleting);
    deleteCar.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Car deleted', description: title, tone: 'success' });
        setDeleting(null);
      },
    });
  };

  const total = list.data?.total ?? 0;
  const filtered = status !== 'all' || settledSearch.trim() !== '';
  const first = pages.pageIndex * pageSize + 1;
  const last = pages.pageIndex * pageSize + cars.length;
  const totalText = total >= COUNT_CAP ? `${groupDigits(COUNT_CAP)}+` : groupDigits(total);
  const pageCount = Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / pageSize));

  return (
    <div className={dashboard.stack}>
      <section className={dashboard.card} aria-label="Inventory">
        <div className={styles.toolbar}>
          <TextField
            label="Search"
            type="search"
            placeholder="Search your cars..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            start={<SearchIcon size={16} />}
            className={styles.search}
          />
          <LabeledSelect<StatusFilter>
            label="Status"
            options={STATUS_FILTERS}
            value={status}
            onChange={setStatus}
          />
          <LabeledSelect<string>
            label="Per page"
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(pageSize)}
            onChange={(value) => setPageSize(Number(value))}
          />
          <ImportCsvButton />
          <fieldset className={styles.columns}>
            <legend>Columns</legend>
            {Object.entries(HIDEABLE_COLUMNS).map(([id, label]) => {
              const column = table.getColumn(id);
              if (!column) return null;
              return (
                <label key={id} className={styles.columnToggle}>
                  <input
                    type="checkbox"
                    checked={column.getIsVisible()}
                    onChange={column.getToggleVisibilityHandler()}
                  />
                  {label}
                </label>
              );
            })}
          </fieldset>
        </div>

        {selected.length > 0 ? (
          <div className={styles.bulkBar} role="region" aria-label="Bulk actions">
            <strong>{countOf(selected.length, 'car')} selected</strong>
            {CAR_STATUSES.filter((next) => next !== 'draft').map((next) => (
              <Button key={next} size="sm" variant="secondary" onClick={() => askBulk(next)}>
                Mark {CAR_STATUS_LABELS[next]}
              </Button>
            ))}
            <span className={dashboard.spacer} />
            <Button size="sm" variant="ghost" onClick={() => setRowSelection({})}>
              Clear selection
            </Button>
          </div>
        ) : null}

        {list.isPending ? (
          <Spinner label="Loading cars" />
        ) : list.isError ? (
          <ErrorState
            title="Failed to fetch cars"
            message={errorMessage(list.error, 'Failed to fetch cars')}
            onRetry={() => void list.refetch()}
          />
        ) : cars.length === 0 ? (
          filtered ? (
            <EmptyState
              headingLevel={3}
              icon={<SearchIcon size={28} />}
              title="No cars match your filters"
              description="Try another search or status."
              actions={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                  }}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              headingLevel={3}
              icon={<CarIcon size={28} />}
              title="No cars in your inventory yet"
              description="Cars you list show here, in every status."
              actions={<Button onClick={onAddCar}>Add Car</Button>}
            />
          )
        ) : (
          <>
            {!phone ? (
              <div className={styles.tableWrap} aria-busy={list.isFetching || undefined}>
                <table className={styles.table}>
                  <thead>
                    {table.getHeaderGroups().map((group) => (
                      <tr key={group.id}>
                        {group.headers.map((header) => {
                          const sorted = header.column.getIsSorted();
                          const content = flexRender(header.column.columnDef.header, header.getContext());
                          return (
                            <th
                              key={header.id}
                              scope="col"
                              aria-sort={
                                sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined
                              }
                            >
                              {header.column.getCanSort() ? (
                                <button
                                  type="button"
                                  className={styles.sortButton}
                                  onClick={header.column.getToggleSortingHandler()}
                                >
                                  {content}
                                  <span aria-hidden="true">
                                    {sorted === 'asc' ? ' ↑' : sorted === 'desc' ? ' ↓' : ''}
                                  </span>
                                </button>
                              ) : (
                                content
                              )}
                            </th>
                          );
                        })}
                      </tr>
                    ))}
                  </thead>
                  <tbody>
                    {table.getRowModel().rows.map((row) => (
                      <tr key={row.id} className={cx(row.getIsSelected() && styles.selectedRow)}>
                        {row.getVisibleCells().map((cell) => (
                          <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <div aria-busy={list.isFetching || undefined}>
                <InventoryCards table={table} />
              </div>
            )}
            <nav className={styles.pager} aria-label="Inventory pages">
              <span className={dashboard.muted}>
                Showing {groupDigits(first)}–{groupDigits(last)} of {totalText}
              </span>
              <span className={dashboard.spacer} />
              <Button size="sm" variant="secondary" disabled={pages.pageIndex === 0} onClick={pages.previous}>
                Previous
              </Button>
              <span className={dashboard.muted}>
                Page {pages.pageIndex + 1} of {pageCount}
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={!list.data?.nextCursor || list.isPlaceholderData}
                onClick={() => list.data?.nextCursor && pages.next(list.data.nextCursor)}
              >
                Next
              </Button>
            </nav>
          </>
        )}
      </section>

      <ConfirmDialog
        open={pendingBulk !== null}
        title={
          pendingBulk
            ? `Mark ${countOf(pendingBulk.previous.size, 'car')} as ${CAR_STATUS_LABELS[pendingBulk.status].toLowerCase()}?`
            : ''
        }
        confirmLabel={pendingBulk ? `Mark ${CAR_STATUS_LABELS[pendingBulk.status]}` : 'Confirm'}
        busy={bulk.isPending}
        error={
          bulk.isError ? `Nothing was changed: ${errorMessage(bulk.error, 'Failed to update car')}` : null
        }
        onConfirm={confirmBulk}
        onCancel={() => {
          setPendingBulk(null);
          bulk.reset();
        }}
      >
        Every selected car changes, or none does. You can undo this right after.
      </ConfirmDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${carTitle(deleting)}?` : ''}
        confirmLabel="Delete car"
        danger
        busy={deleteCar.isPending}
        error={
          deleteCar.isError
            ? `Failed to delete car: ${errorMessage(deleteCar.error, 'please try again')}`
            : null
        }
        onConfirm={confirmDelete}
        onCancel={() => {
          setDeleting(null);
          deleteCar.reset();
        }}
      >
        The listing, its photos and its video are removed for good. This cannot be undone.
      </ConfirmDialog>

      {editing ? <EditCarDialog key={editing.id} car={editing} onClose={() => setEditing(null)} /> : null}

      {undo ? (
        <UndoToast
          message={undo.message}
          busy={restore.isPending}
          onUndo={undoBulk}
          onDismiss={dismissUndo}
        />
      ) : null}
    </div>
  );
}
