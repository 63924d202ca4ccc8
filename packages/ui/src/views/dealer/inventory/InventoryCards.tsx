import { flexRender, type Cell, type Table } from '@tanstack/react-table';
import { cx } from '../../../kit/cx.ts';
import { HIDEABLE_COLUMNS } from './inventory-columns.tsx';
import styles from './Inventory.module.css';
import type { DealerCar } from '../../../dealers/dealer-api.ts';

/** The facts a card lists under the car's name: the hideable columns but the photo, as the dealer chose. */
const FACTS = ['price', 'mileage', 'year', 'createdAt'] as const;

function render(cell: Cell<DealerCar, unknown> | undefined) {
  return cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null;
}

/**
 * The inventory on a phone: one card per car instead of a table wider than the screen. The cards are drawn from
 * the same table (its columns, selection and meta), so the checkbox, the status select, Edit, Delete and the bulk
 * actions behave exactly as in the table.
 */
export function InventoryCards({ table }: { table: Table<DealerCar> }) {
  const selectAll = table.getColumn('select')?.columnDef.header;
  const header = table.getHeaderGroups()[0]?.headers.find((h) => h.column.id === 'select');
  return (
    <div className={styles.cardsWrap}>
      {header && selectAll ? (
        <label className={styles.selectAll}>
          {flexRender(selectAll, header.getContext())}
          Select all cars on this page
        </label>
      ) : null}
      <ul className={styles.cards} aria-label="Your cars">
        {table.getRowModel().rows.map((row) => {
          const cells = new Map(row.getVisibleCells().map((cell) => [cell.column.id, cell]));
          return (
            <li key={row.id} className={cx(styles.carCard, row.getIsSelected() && styles.selectedRow)}>
              <div className={styles.cardTop}>
                {render(cells.get('select'))}
                {render(cells.get('photo'))}
                <div className={styles.cardText}>
                  {render(cells.get('car'))}
                  <dl className={styles.facts}>
                    {FACTS.filter((id) => cells.has(id)).map((id) => (
                      <div key={id}>
                        <dt>{HIDEABLE_COLUMNS[id]}</dt>
                        <dd>{render(cells.get(id))}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </div>
              <div className={styles.cardFoot}>
                {render(cells.get('status'))}
                {render(cells.get('actions'))}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
