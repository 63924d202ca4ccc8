import { bootstrap } from './bootstrap.ts';
import { loadConfig } from './config/config.ts';
import { exposureWarning } from './plugins/loopback.ts';
import { listenUrls } from './config/listen-addresses.ts';

const config = loadConfig();
const { app } = await bootstrap(config);

// SIGTERM finishes in-flight requests, then releases the database, before the process exits.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(`AutoReel is serving on ${listenUrls(config.host, config.port).join(' , ')}`);
// Loud on purpose: a demo server reachable from the network hands out its admin account to anyone who asks.
const warning = exposureWarning(config);
if (warning) console.warn(warning);
