export { buildApp } from './app.ts';
export { bootstrap } from './bootstrap.ts';
export { loadConfig, type Config } from './config/config.ts';
