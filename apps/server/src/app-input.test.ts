import { MULTILINE_KEY, TEXT_MESSAGES } from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  apiOperations,
  fillPath,
  operationName,
  type ApiOperation,
  type SchemaNode,
} from '../test/api-operations.ts';
import { appPerTest } from '../test/app-per-test.ts';
import { bearer } from '../test/auth-flows.ts';
import type { TestApp } from '../test/harness.ts';
import { call, createOrg, makeUser, type TestUser } from '../test/org-flows.ts';

/** Hostile text, each with the answer the API owes it; line breaks and tabs are fine in multi-line fields. */
const HOSTILE = [
  { name: 'NUL', text: '\u0000', message: TEXT_MESSAGES.control },
  { name: 'ESC', text: '\u001b[31m', message: TEXT_MESSAGES.control },
  { name: 'DEL', text: '\u007f', message: TEXT_MESSAGES.control },
  { name: 'C1 NEL', text: '\u0085', message: TEXT_MESSAGES.control },
  { name: 'RLO', text: '\u202e', message: TEXT_MESSAGES.bidi },
  { name: 'isolate', text: '\u2067', message: TEXT_MESSAGES.bidi },
  { name: 'LF', text: '\n', message: TEXT_MESSAGES.lineBreak, singleLineOnly: true },
  { name: 'CR', text: '\r', message: TEXT_MESSAGES.lineBreak, singleLineOnly: true },
  { name: 'TAB', text: '\t', message: TEXT_MESSAGES.lineBreak, singleLineOnly: true },
  { name: 'lone surrogate', text: '\ud800', message: TEXT_MESSAGES.unicode, bodyOnly: true },
];

/** Where a string sits in a request body: each step an object key, or '0' for an array's first item. */
interface BodyField {
  path: string[];
  inArray: boolean[];
  multiline: boolean;
}

const branchesOf = (node: SchemaNode): SchemaNode[] => [
  node,
  ...[...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap(branchesOf),
];

/** Every string field a body schema names, a record's values under the key 'k'. */
function stringFields(node: SchemaNode, path: string[] = [], inArray: boolean[] = []): BodyField[] {
  return branchesOf(node).flatMap((branch) => {
    if (branch.type === 'string') return [{ path, inArray, multiline: branch[MULTILINE_KEY] === true }];
    const named = Object.entries(branch.properties ?? {}).flatMap(([key, child]) =>
      stringFields(child, [...path, key], [...inArray, false]),
    );
    const record =
      typeof branch.additionalProperties === 'object'
        ? stringFields(branch.additionalProperties, [...path, 'k'], [...inArray, false])
        : [];
    const items = branch.items ? stringFields(branch.items, [...path, '0'], [...inArray, true]) : [];
    return [...named, ...record, ...items];
  });
}

/** A body holding `value` at the field and nothing else. */
function bodyWith(field: BodyField, value: unknown): unknown {
  return field.path.reduceRight<unknown>(
    (inner, key, depth) => (field.inArray[depth] ? [inner] : { [key]: inner }),
    value,
  );
}

/** One hostile request: what it sends and the message it must get back. */
interface Probe {
  label: string;
  url: string;
  payload?: unknown;
  expected: string;
}

/** A harmless value for each path parameter, so only the probed part carries hostile text. */
const HARMLESS_PARAM = '00000000-0000-4000-8000-000000000000';

function probesOf(operation: ApiOperation): Probe[] {
  const url = fillPath(operation, () => HARMLESS_PARAM);
  const emptyPayload = operation.method === 'GET' ? undefined : {};
  return HOSTILE.flatMap((hostile) => {
    const value = `a${hostile.text}b`;
    const probe = (where: string, request: Omit<Probe, 'label' | 'expected'>): Probe => ({
      label: `${operationName(operation)} ${hostile.name} in ${where}`,
      expected: `${where}: ${hostile.message}`,
      ...request,
    });
    const fields = operation.body ? stringFields(operation.body) : [];
    const records = operation.body ? recordPaths(operation.body) : [];
    return [
      ...fields
        .filter((field) => !(hostile.singleLineOnly && field.multiline))
        .map((field) => probe(`body.${field.path.join('.')}`, { url, payload: bodyWith(field, value) })),
      ...records.map((path) =>
        probe(`${['body', ...path].join('.')} key`, {
          url,
          payload: path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), { [value]: 'v' }),
        }),
      ),
      ...(hostile.bodyOnly
        ? []
        : [
            ...operation.queryParams.map((parameter) =>
              probe(`querystring.${parameter.name}`, {
                url: `${url}?${parameter.name}=${encodeURIComponent(value)}`,
                payload: emptyPayload,
              }),
            ),
            ...operation.pathParams.map((parameter) =>
              probe(`params.${parameter.name}`, {
                url: fillPath(operation, (name) => (name === parameter.name ? value : HARMLESS_PARAM)),
                payload: emptyPayload,
              }),
            ),
          ]),
    ];
  });
}

/** The paths of the body's records (objects with free keys), whose keys are text too. */
function recordPaths(node: SchemaNode, path: string[] = []): string[][] {
  return branchesOf(node).flatMap((branch) => [
    ...(typeof branch.additionalProperties === 'object' ? [path] : []),
    ...Object.entries(branch.properties ?? {}).flatMap(([key, child]) => recordPaths(child, [...path, key])),
  ]);
}

/** Both drivers answer raw SQL as `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A digest of every row of every table, so a test can tell that refused requests changed nothing. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ digest: string }>(
      await t.database.db.execute(
        sql`select md5(coalesce(string_agg(r::text, ',' order by r::text), '')) as digest from ${sql.identifier(name)} r`,
      ),
    );
    digests[name] = row.digest;
  }
  return digests;
}

let t: TestApp;
appPerTest((current) => ({ t } = current));

describe('text in requests', () => {
  it('refuses control characters, broken Unicode and bidi controls in every string of every endpoint, naming the field', async () => {
    const admin = await makeUser(t, { tag: 'admin', admin: true });
    const operations = apiOperations(t.app);
    const probes = operations.flatMap(probesOf);
    expect(probes.length).toBeGreaterThan(500);
    const before = await snapshot(t);
    const mailsBefore = t.mailer.sent.length;

    const wrong: string[] = [];
    for (const operation of operations) {
      for (const probe of probesOf(operation)) {
        const response = await t.app.inject({
          method: operation.method,
          url: probe.url,
          headers: bearer(admin.token),
          ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        });
        const message = response.json<{ message?: string }>().message;
        if (response.statusCode !== 400 || message !== probe.expected) {
          wrong.push(`${probe.label}: ${response.statusCode} ${message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
    expect(t.mailer.sent.length).toBe(mailsBefore);
  });

  it('checks a body nested 100,000 deep without failing: 400, naming the field', async () => {
    const depth = 100_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body\.username(\.0)+: Must not contain control characters$/);
  });

  it('accepts line breaks and tabs in multi-line text: a molecule geometry and an invitation message', async () => {
    const admin = await makeUser(t, { tag: 'admin', admin: true });
    const geometry = await call(t.app, 'POST', '/hi-vqe/hybrid-jobs', admin, {
      molecule_geometry: 'H 0 0 0;\r\n\tH 0 0 0.74\n',
    });
    expect(geometry.statusCode).toBe(400);
    expect(geometry.json().message).not.toContain('body.molecule_geometry');

    const invited = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email: 'newcomer@example.com',
      role: 'organization_member',
      message: 'Welcome!\n\nSee you\tsoon.',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().message).toBe('Welcome!\n\nSee you\tsoon.');
  });
});

describe('names other people see', () => {
  const spoofs = [
    ['an override', 'Acme\u202Egnp.exe', TEXT_MESSAGES.bidi],
    ['an isolate', 'Acme \u2066Corp\u2069', TEXT_MESSAGES.bidi],
    ['a zero-width space', 'Ad\u200Bmin', TEXT_MESSAGES.invisible],
    ['a word joiner', 'Ad\u2060min', TEXT_MESSAGES.invisible],
    ['a line break', 'Acme\nCorp', TEXT_MESSAGES.lineBreak],
  ] as const;

  it.each(spoofs)('refuse %s in an organization, full and invitee name', async (_, name, message) => {
    const user: TestUser = await makeUser(t);
    const org = await call(t.app, 'POST', '/auth/orgs', user, { name });
    expect([org.statusCode, org.json().message]).toEqual([400, `body.name: ${message}`]);
    const profile = await call(t.app, 'POST', '/auth/me/profile', user, { name });
    expect([profile.statusCode, profile.json().message]).toEqual([400, `body.name: ${message}`]);
    const accept = await call(t.app, 'POST', '/auth/invites/accept', undefined, {
      // Well formed, so that only the name is refused.
      token: 'A'.repeat(43),
      name,
      password: 'correct horse 42',
    });
    expect([accept.statusCode, accept.json().message]).toEqual([400, `body.name: ${message}`]);
    expect((await call(t.app, 'GET', '/auth/orgs/mine', user)).json()).toMatchObject({ organizations: [] });
  });

  it('keep the joiners scripts need: a Persian name with a zero-width non-joiner is accepted', async () => {
    const user = await makeUser(t);
    const name = 'شرکت\u200Cها';
    const orgId = await createOrg(t, user, name);
    const mine = await call(t.app, 'GET', '/auth/orgs/mine', user);
    expect(mine.json().organizations).toEqual([expect.objectContaining({ org_id: orgId, name })]);
  });
});
