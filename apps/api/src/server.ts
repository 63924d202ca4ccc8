import { bootstrap } from './bootstrap.ts';
import { carCatalogueIndexOf } from './cars/car-catalogue-index.ts';
import { loadConfig } from './config/config.ts';
import { exposureWarning } from './plugins/loopback.ts';
import { listenUrls } from './config/listen-addresses.ts';
import { serveMetrics } from './metrics/metrics.ts';

const config = loadConfig();
const { app, ctx, metrics } = await bootstrap(config);
const metricsServer =
  metrics && config.metricsPort !== undefined
    ? await serveMetrics(metrics, config.metricsPort, config.metricsHost)
    : undefined;

// SIGTERM first turns GET /api/ready to 503 while everything still answers, so the proxy's readiness check takes this
// process out; after the drain delay the listener closes, in-flight requests finish, live streams end (their clients
// reconnect through the proxy to another process) and the database is released.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    ctx.readiness.drain();
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down');
    setTimeout(() => {
      app.log.info('closing the listener');
      void app
        .close()
        .then(
          () => new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined))),
        )
        .then(() => {
          app.log.info('closed');
          process.exit(0);
        });
    }, config.drainDelayMs);
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(`AutoReel is serving on ${listenUrls(config.host, config.port).join(' , ')}`);
// Loud on purpose: a demo server reachable from the network hands out its admin account to anyone who asks.
const warning = exposureWarning(config);
if (warning) console.warn(warning);
// Ready once the catalogue is in memory, so the first buyers the proxy sends here are not kept waiting for it.
await carCatalogueIndexOf(ctx.db).ready();
ctx.readiness.markReady();
