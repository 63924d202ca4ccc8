import { findFfmpegBinaries, missingFfmpegWarning } from '@autoreel/video';
// Seeds the demo catalogue on demand (`npm run seed`): same data as a first start, never in production.
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { demoCacheDir, seedDemo } from '../src/seed/demo-seed.ts';
import { createMediaStorage } from '../src/storage/create-media-storage.ts';

const config = loadConfig();
if (config.production) {
  console.error('Refusing to seed demo data with NODE_ENV=production.');
  process.exit(1);
}
const ffmpeg = findFfmpegBinaries();
if (!ffmpeg) console.error(missingFfmpegWarning());
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const result = await seedDemo({
    db: database.db,
    storage: createMediaStorage(config),
    ffmpeg,
    cacheDir: demoCacheDir(config),
    log: console.log,
  });
  console.log(
    result.seeded
      ? `Demo catalogue seeded in ${result.ms} ms: ${result.users} accounts, ${result.dealers} dealers, ${result.cars} cars, ${result.photos} photos, ${result.clips} clips.`
      : 'The demo catalogue is already there; nothing to do.',
  );
} finally {
  await database.close();
}
