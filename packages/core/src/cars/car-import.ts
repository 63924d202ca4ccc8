/**
 * CSV bulk import of cars (a dealer's inventory from a spreadsheet): the columns, the limits, the template and
 * how one row is read into the POST /cars body, so each row is checked by the same schema and messages as the
 * wizard's listing. Photos and the video are added per car afterwards; imported cars wait as drafts until then.
 */
import { z } from 'zod';
import { CarCreateBodySchema, WIZARD_ERRORS } from './car.ts';
import { MIN_DESCRIPTION_LENGTH } from './wizard.ts';
import { parseNumberInput } from './number-input.ts';
import { groupDigits } from '../text/index.ts';

/** The columns a CSV names in its header row, in the template's order; a header is read case-insensitively. */
export const CAR_IMPORT_COLUMNS = [
  'make',
  'model',
  'year',
  'price',
  'mileage',
  'fuelType',
  'transmission',
  'bodyType',
  'condition',
  'exteriorColor',
  'interiorColor',
  'seats',
  'description',
  'features',
] as const;
export type CarImportColumn = (typeof CAR_IMPORT_COLUMNS)[number];

export const CAR_IMPORT_LIMITS = { rows: 5_000, bytes: 5 * 1024 * 1024 } as const;
export const CAR_IMPORT_TOO_MANY_ROWS = `A CSV import takes at most ${groupDigits(CAR_IMPORT_LIMITS.rows)} cars. Split the file and import each part.`;
export const CAR_IMPORT_TOO_LARGE = `A CSV import is at most ${CAR_IMPORT_LIMITS.bytes / 1024 / 1024} MB. Split the file and import each part.`;

/** Features are one cell, separated by semicolons ('Bluetooth; Reverse camera'). */
const FEATURE_SEPARATOR = /\s*[;|]\s*/;

/** The template a dealer downloads: the header and one example row. */
export function carImportTemplate(): string {
  const example: Record<CarImportColumn, string> = {
    make: 'Toyota',
    model: 'Hilux',
    year: '2021',
    price: '385000',
    mileage: '62000',
    fuelType: 'Diesel',
    transmission: 'Manual',
    bodyType: 'Truck',
    condition: 'Used',
    exteriorColor: 'White',
    interiorColor: 'Grey',
    seats: '5',
    description: 'Double cab with a full service history, towbar and canopy. One owner.',
    features: 'Bluetooth; Reverse camera; Towbar',
  };
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${CAR_IMPORT_COLUMNS.join(',')}\n${CAR_IMPORT_COLUMNS.map((c) => cell(example[c])).join(',')}\n`;
}

/** The header's names as the import reads them: a known column in any case, else null (ignored). */
export function importColumnOf(header: string): CarImportColumn | null {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  return CAR_IMPORT_COLUMNS.find((column) => column.toLowerCase() === key) ?? null;
}

export interface ImportRowError {
  /** The line of the file (the header is line 1). */
  line: number;
  /** The column the message is about, or null for the row as a whole. */
  column: CarImportColumn | null;
  message: string;
}

export type ImportedRow = z.output<typeof CarCreateBodySchema>;

/**
 * One row as the POST /cars body would be (blank cells left out, so the schema's defaults apply; numbers read as
 * the wizard reads them, '385,000' included), checked by that body's schema: its parsed body, or its errors.
 */
export function readImportRow(
  cells: Partial<Record<CarImportColumn, string>>,
  line: number,
): { body: ImportedRow; errors?: never } | { body?: never; errors: ImportRowError[] } {
  const input: Record<string, unknown> = { images: [], videos: [] };
  for (const column of CAR_IMPORT_COLUMNS) {
    const raw = (cells[column] ?? '').trim();
    if (raw === '') continue;
    if (column === 'features') input[column] = raw.split(FEATURE_SEPARATOR);
    else if (column === 'year' || column === 'price' || column === 'mileage' || column === 'seats')
      input[column] = parseNumberInput(raw) ?? raw;
    else input[column] = raw;
  }
  // The wizard names a missing required text; its schema says the same for a blank cell.
  for (const required of ['make', 'model', 'exteriorColor', 'interiorColor', 'description'] as const)
    input[required] ??= '';
  // The wizard asks 20 characters of a description (the API's own floor is lower): an import asks the same.
  const description = String(input['description']).trim();
  const wizardErrors: ImportRowError[] =
    description.length < MIN_DESCRIPTION_LENGTH
      ? [
          {
            line,
            column: 'description',
            message: description === '' ? WIZARD_ERRORS.description : WIZARD_ERRORS.descriptionShort,
          },
        ]
      : [];
  const parsed = CarCreateBodySchema.safeParse(input);
  if (parsed.success && wizardErrors.length === 0) return { body: parsed.data };
  const errors = [
    ...wizardErrors,
    ...(parsed.success ? [] : parsed.error.issues).map((issue) => {
      const field = String(issue.path[0] ?? '');
      const column = (CAR_IMPORT_COLUMNS as readonly string[]).includes(field)
        ? (field as CarImportColumn)
        : null;
      return { line, column, message: issue.message };
    }),
  ];
  // One message a cell: the first the schema gives.
  const seen = new Set<string>();
  return { errors: errors.filter((e) => !seen.has(String(e.column)) && seen.add(String(e.column))) };
}

export const CarImportQuerySchema = z.object({
  /** true: check every row and store nothing; false: import. */
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** 'valid': import the valid rows and skip the rest; 'all': import every row, or none when one is wrong. */
  mode: z.enum(['valid', 'all']).default('all'),
});

export const CarImportAnswerSchema = z.object({
  dryRun: z.boolean(),
  mode: z.enum(['valid', 'all']),
  /** Rows read (the header not counted). */
  rows: z.number().int(),
  valid: z.number().int(),
  /** Cars created (0 on a dry run, and on an all-or-nothing import with a wrong row). */
  created: z.number().int(),
  /** Every wrong cell, by line and column, in the file's order. */
  errors: z.array(
    z.object({
      line: z.number().int(),
      column: z.enum(CAR_IMPORT_COLUMNS).nullable(),
      message: z.string(),
    }),
  ),
  /** The ids of the cars created, in the file's order. */
  carIds: z.array(z.string()),
});
export type CarImportAnswer = z.infer<typeof CarImportAnswerSchema>;
