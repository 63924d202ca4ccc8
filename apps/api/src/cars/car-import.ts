import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  CAR_IMPORT_LIMITS,
  CAR_IMPORT_TOO_MANY_ROWS,
  importColumnOf,
  readImportRow,
  type CarImportAnswer,
  type CarImportColumn,
  type ImportedRow,
  type ImportRowError,
} from '@autoreel/core';
import { AppError, invalidInput } from '../errors.ts';

/** What a CSV file holds: its rows checked one by one, the valid ones with their line. */
export interface ReadImport {
  rows: number;
  valid: { line: number; body: ImportedRow }[];
  errors: ImportRowError[];
}

/**
 * Reads a CSV file as it streams in (csv-parse): the header names the columns (any case, unknown ones ignored), each
 * row is checked by core's readImportRow, and a file of more than CAR_IMPORT_LIMITS.rows rows is refused (413) as
 * soon as its next row arrives, before the rest is read.
 */
export async function readImportFile(file: Readable): Promise<ReadImport> {
  let columns: (CarImportColumn | null)[] | null = null;
  const parser = file.pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
    }),
  );
  const read: ReadImport = { rows: 0, valid: [], errors: [] };
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!columns) {
        columns = record.map(importColumnOf);
        if (!columns.includes('make'))
          throw invalidInput('The first line of the CSV must name its columns: start from the template.', [
            { field: 'file', message: 'No header line with make, model, year...' },
          ]);
        continue;
      }
      read.rows += 1;
      if (read.rows > CAR_IMPORT_LIMITS.rows) throw new AppError('too-large', CAR_IMPORT_TOO_MANY_ROWS);
      const cells: Partial<Record<CarImportColumn, string>> = {};
      record.forEach((value, index) => {
        const column = columns?.[index];
        if (column) cells[column] = value;
      });
      const row = readImportRow(cells, info.lines);
      if (row.body) read.valid.push({ line: info.lines, body: row.body });
      else read.errors.push(...row.errors);
    }
  } catch (error) {
    file.destroy();
    if (error instanceof AppError) throw error;
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_'))
      throw invalidInput(`The CSV could not be read: ${error.message}`, [
        { field: 'file', message: error.message },
      ]);
    throw error;
  }
  if (!columns)
    throw invalidInput('The CSV is empty: start from the template.', [{ field: 'file', message: 'Empty' }]);
  return read;
}

/** The answer of an import once `created` cars were made from the valid rows (none on a dry run). */
export function importAnswer(
  read: ReadImport,
  options: { dryRun: boolean; mode: 'valid' | 'all' },
  carIds: string[],
): CarImportAnswer {
  return {
    dryRun: options.dryRun,
    mode: options.mode,
    rows: read.rows,
    valid: read.valid.length,
    created: carIds.length,
    errors: read.errors,
    carIds,
  };
}
