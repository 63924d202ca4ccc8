// 1,000 cars entered two ways on the real context: one CSV import (streamed through csv-parse, each row checked,
// one transaction) beside 1,000 single creates (POST /cars's service call, one after another), on a fresh database.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { CAR_IMPORT_COLUMNS } from '@autoreel/core';
import { loadConfig } from '../../apps/api/src/config/config.ts';
import { createContext } from '../../apps/api/src/context.ts';
import { readImportFile } from '../../apps/api/src/cars/car-import.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { users } from '../../apps/api/src/db/schema/index.ts';
import { DealerRepository } from '../../apps/api/src/dealers/dealer.repository.ts';
import { openFresh } from './notification-fanout.ts';

export interface ImportResult {
  dialect: 'pglite' | 'postgres';
  rows: number;
  /** The whole import: reading and checking the file, then the transaction. */
  importMs: number;
  /** The same cars by single creates, one after another. */
  singleCreatesMs: number;
}

function csvOf(rows: number, tag: string): string {
  const lines = [CAR_IMPORT_COLUMNS.join(',')];
  for (let n = 0; n < rows; n += 1)
    lines.push(
      `Toyota,Corolla ${tag} ${n},2019,${150_000 + n},${40_000 + n},Petrol,Automatic,Sedan,Used,White,Grey,5,"A clean Corolla, one owner, full service history.",Bluetooth`,
    );
  return `${lines.join('\n')}\n`;
}

export async function measureImport(
  dialect: 'pglite' | 'postgres',
  adminUrl: string,
  rows = 1_000,
): Promise<ImportResult> {
  const fresh = await openFresh(dialect, adminUrl);
  const handle = fresh.handle;
  try {
    await migrateDatabase(handle);
    const [owner] = await handle.db
      .insert(users)
      .values({ name: 'Bench dealer', phone: '+26879000001', role: 'dealer', passwordHash: 'x' })
      .returning({ id: users.id });
    await new DealerRepository(handle.db).insertDealer({
      userId: owner!.id,
      name: 'Bench Motors',
      location: 'Mbabane, Eswatini',
      phone: '+26879000001',
      isVerified: true,
    });
    const config = {
      ...loadConfig({}),
      dataDir: `/tmp/autoreel-bench-${randomBytes(4).toString('hex')}`,
      logLevel: 'silent' as const,
      // The day's listing quota would stop the single creates at 200.
      quotas: { ...loadConfig({}).quotas, listingsPerDay: { customer: 10, dealer: rows * 2 } },
    };
    const ctx = createContext(config, handle, randomBytes(32).toString('hex'));
    const user = { id: owner!.id, role: 'dealer' as const };

    let started = performance.now();
    const read = await readImportFile(Readable.from([csvOf(rows, 'import')]));
    const ids = await ctx.cars.createDrafts(
      user,
      read.valid.map((row) => row.body),
    );
    const importMs = performance.now() - started;
    if (ids.length !== rows) throw new Error(`import created ${ids.length} of ${rows}`);

    started = performance.now();
    for (let n = 0; n < rows; n += 1) {
      await ctx.cars.create(user, {
        ...read.valid[n]!.body,
        model: `Corolla single ${n}`,
      });
    }
    const singleCreatesMs = performance.now() - started;
    console.log(
      `  ${dialect}: ${rows} cars by one CSV import ${Math.round(importMs)} ms, by single creates ${Math.round(singleCreatesMs)} ms`,
    );
    return { dialect, rows, importMs: Math.round(importMs), singleCreatesMs: Math.round(singleCreatesMs) };
  } finally {
    await fresh.drop();
  }
}
