import { afterAll } from 'vitest';
import { closeReusedDatabases } from './harness.ts';

// A setup file of the server's test projects: a PostgreSQL schema is dropped, and a PGlite thread ended, only
// once the file that reused it is done (harness.ts).
afterAll(closeReusedDatabases);
