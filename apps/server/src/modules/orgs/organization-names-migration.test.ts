import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
);

/** Runs the journal's migrations from `from` up to, not including, `to`, statement by statement. */
async function migrate(client: PGlite, from: number, to: number) {
  for (const { tag } of journal.entries.slice(from, to)) {
    const statements = readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    );
    for (const statement of statements) await client.exec(statement);
  }
}

const NAMES = journal.entries.findIndex((entry) => entry.tag === '0010_organization_names');
let client: PGlite;
afterEach(async () => client.close());

async function user(email: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into users (username, email, password_hash, status) values ($1, $1, 'x', 'CONFIRMED') returning id`,
    [email],
  );
  return rows[0].id;
}

/** An organization owned by `owner`, created `minutesAgo`. */
async function organization(owner: string, name: string, minutesAgo: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into organizations (name, created_at) values ($1, now() - make_interval(mins => $2)) returning id`,
    [name, minutesAgo],
  );
  await client.query(
    `insert into organization_members (org_id, user_id, role, can_create_jobs) values ($1, $2, 'organization_owner', true)`,
    [rows[0].id, owner],
  );
  return rows[0].id;
}

const namesById = async () =>
  Object.fromEntries(
    (await client.query<{ id: string; name: string }>('select id, name from organizations')).rows.map(
      (row) => [row.id, row.name],
    ),
  );

describe('migration 0010 on existing organizations', () => {
  it('keeps the oldest of one owner’s same-named organizations and numbers the others with free suffixes', async () => {
    client = new PGlite();
    await migrate(client, 0, NAMES);
    const ada = await user('ada@example.com');
    const bob = await user('bob@example.com');
    const oldest = await organization(ada, 'Lab', 30);
    const second = await organization(ada, 'lab', 20);
    const taken = await organization(ada, 'Lab (2)', 10);
    const third = await organization(ada, 'LAB', 5);
    const long = 'L'.repeat(100);
    const longFirst = await organization(ada, long, 4);
    const longSecond = await organization(ada, long, 3);
    const bobs = await organization(bob, 'Lab', 1);

    await migrate(client, NAMES, NAMES + 1);

    expect(await namesById()).toEqual({
      [oldest]: 'Lab',
      [second]: 'lab (3)',
      [taken]: 'Lab (2)',
      [third]: 'LAB (4)',
      [longFirst]: long,
      [longSecond]: `${'L'.repeat(96)} (2)`,
      [bobs]: 'Lab',
    });
    const owners = await client.query<{ id: string; owner_id: string }>(
      'select id, owner_id from organizations',
    );
    expect(Object.fromEntries(owners.rows.map((row) => [row.id, row.owner_id]))).toMatchObject({
      [oldest]: ada,
      [bobs]: bob,
    });
    await expect(organization(bob, 'lab', 0)).rejects.toThrow(/organizations_owner_name_idx/);
  });
});
