/**
 * The engine's version as results name it (a paper cites the code that computed its numbers). Kept equal to
 * package.json's version by test/engine-version.test.ts; a constant, because the engine also runs in worker
 * threads where importing JSON is not available.
 */
export const ENGINE_NAME = '@hivqe/engine';
export const ENGINE_VERSION = '0.1.0';
