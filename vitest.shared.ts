/**
 * What every test config shares (the root's and each project's). Three test files at a time on two cores: most files
 * spend much of their time waiting on a database, ffmpeg or a child process, so a third keeps both cores busy
 * (Vitest's default keeps a core for itself, which here is one file at a time). The root config's count is the one
 * the run's shared pool obeys; the projects state the same so a project run on its own (`--project api`) behaves
 * alike.
 */
export const sharedTestOptions = { maxWorkers: 3 } as const;
