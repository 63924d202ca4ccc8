import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { CAR_IMPORT_LIMITS, CAR_IMPORT_TOO_LARGE } from '@autoreel/core';
import { AppError, invalidInput } from '../errors.ts';
import { defineRoutes } from '../http/contract-routes.ts';
import { isMalformedMultipart, MALFORMED_UPLOAD_MESSAGE } from '../media/media.route.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { CarService } from './car.service.ts';
import { importAnswer, readImportFile } from './car-import.ts';

export interface CarImportRouteServices {
  cars: CarService;
  writeLimits: WriteLimits;
}

/**
 * POST /cars/import: a dealer's CSV, checked row by row with the listing's own rules; a dry run stores nothing,
 * an import creates the valid rows (or, all-or-nothing, every row or none) as drafts in one transaction.
 */
export const carImportRoutes: FastifyPluginAsync<CarImportRouteServices> = async (
  app,
  { cars, writeLimits },
) => {
  // One file of at most CAR_IMPORT_LIMITS.bytes; this plugin's routes alone parse multipart bodies of that size.
  await app.register(multipart, {
    limits: { fileSize: CAR_IMPORT_LIMITS.bytes, files: 1, fields: 2, fieldSize: 256, parts: 3 },
  });
  defineRoutes(
    app,
    {
      'POST /cars/import': {
        access: 'signed-in',
        options: writeLimits.guard('import'),
        docs: {
          summary:
            'Import cars from a CSV (multipart, one file): dryRun=true checks every row and stores nothing; ' +
            'mode=valid creates the valid rows, mode=all every row or none. Imported cars are drafts until ' +
            'their video is added.',
          consumes: ['multipart/form-data'],
          security: [{ bearer: [] }],
        },
        handler: async ({ query, user, request }) => {
          // Who may import is settled before a byte of the file is read.
          await cars.checkCanImport(user);
          if (!request.isMultipart())
            throw new AppError('unsupported-type', 'Expected a multipart/form-data upload with the CSV file');
          const declared = Number(request.headers['content-length']);
          if (Number.isFinite(declared) && declared > CAR_IMPORT_LIMITS.bytes + 64 * 1024)
            throw new AppError('too-large', CAR_IMPORT_TOO_LARGE);
          try {
            const part = await request.file();
            if (!part) throw invalidInput('A CSV file is required', [{ field: 'file', message: 'Required' }]);
            const read = await readImportFile(part.file);
            if (part.file.truncated) throw new AppError('too-large', CAR_IMPORT_TOO_LARGE);
            const store = !query.dryRun && (query.mode === 'valid' || read.errors.length === 0);
            const carIds = store
              ? await cars.createDrafts(
                  user,
                  read.valid.map((row) => row.body),
                )
              : [];
            return importAnswer(read, query, carIds);
          } catch (error) {
            throw isMalformedMultipart(error) ? invalidInput(MALFORMED_UPLOAD_MESSAGE) : error;
          }
        },
      },
    },
    { tags: ['cars'] },
  );
};
