/**
 * Prints the API's OpenAPI document as the running server serves it (`/api/v1/openapi.json`), from an app over an
 * in-memory database: CI lints it (Redocly, Spectral) without starting a server.
 */
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { Keyring } from '../src/providers/secrets/keyring.ts';

const database = await openDatabase({});
await database.migrate();
const { app } = await buildApp({
  db: database.db,
  mailer: { send: async () => {} },
  keyring: Keyring.random(),
  passwords: new Passwords(),
  publicUrl: process.env.PUBLIC_URL,
});
await app.ready();
process.stdout.write(JSON.stringify(app.swagger(), null, 2) + '\n');
await app.close();
await database.close();
