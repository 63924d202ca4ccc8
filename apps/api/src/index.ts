export { buildApp } from './app.ts';
export { loadConfig, type Config } from './config/config.ts';
