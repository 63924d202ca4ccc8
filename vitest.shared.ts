/**
 * What every test config shares (the root's and each project's). One test file per core: Vitest's default keeps a
 * core for itself, which on a two-core machine is one file at a time, while most files spend much of their time
 * waiting on a database, ffmpeg or a child process. The root config's count is the one the run's shared pool obeys;
 * the projects state the same so a project run on its own (`--project api`) behaves alike.
 */
export const sharedTestOptions = { maxWorkers: '100%' } as const;
