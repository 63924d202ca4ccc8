/**
 * What every test project's config shares (packages/* and apps/* vitest configs). One test file per core: Vitest's
 * default keeps a core for itself, which on a two-core machine is one file at a time, while most files spend much
 * of their time waiting on a database, ffmpeg or a child process. Every project must state the same count.
 */
export const sharedTestOptions = { maxWorkers: '100%' } as const;
