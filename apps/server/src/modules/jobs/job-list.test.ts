import {
  JOB_MESSAGES,
  JOB_PAGE_MESSAGE,
  JOB_PATHS,
  JOB_SORT_MESSAGE,
  TEXT_MESSAGES,
  moleculeName,
} from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import type { TestApp } from '../../../test/harness.ts';
import { jobUser } from '../../../test/job-flows.ts';
import { seedJobs } from '../../../test/job-seed.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { jobs, type NewJob } from '../../db/schema/jobs.ts';

/** Issue 12 section 1: the server pages, filters, sorts and searches a user's jobs and counts the matches. */

let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current));

interface Listed {
  jobs: { job_name: string; status: string }[];
  next_token: string | null;
  total_count: number;
}

async function list(user: TestUser, query: string): Promise<Listed> {
  const res = await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Listed;
}

const names = (listed: Listed) => listed.jobs.map((job) => job.job_name);

const SV1_PATH = 'arn:aws:braket:::device/quantum-simulator/amazon/sv1';
const GARNET_PATH = 'arn:aws:braket:eu-north-1::device/qpu/iqm/Garnet';

interface Sample {
  name: string;
  status?: string;
  device?: string;
  region?: string;
  geometry?: string;
  created: string;
  started?: string | null;
  ended?: string | null;
}

const at = (time: string | null) => (time === null ? null : new Date(time));

/** Stores jobs as given (not through the engine), so each filter and order has something to tell apart. */
async function store(userId: string, samples: Sample[]): Promise<void> {
  const rows: NewJob[] = samples.map((sample) => ({
    jobArn: `arn:aws:braket:${sample.region ?? 'us-east-1'}:000000000000:job/${userId}-${sample.name}`,
    jobName: sample.name,
    userId,
    kind: 'hybrid',
    backend: 'local',
    status: (sample.status ?? 'COMPLETED') as NewJob['status'],
    device: sample.device ?? SV1_PATH,
    hyperparameters: { molecule_geometry: sample.geometry ?? 'H 0 0 0;H 0 0 0.74' },
    tags: {},
    permissionSource: {
      type: 'individual',
      organization_id: null,
      organization_name: null,
      execution_context: 'marketplace',
      billed_to: null,
      marketplace_subscription: null,
    },
    createdAt: new Date(sample.created),
    startedAt: at(sample.started === undefined ? sample.created : sample.started),
    endedAt: at(sample.ended ?? null),
  }));
  await database.db.insert(jobs).values(rows);
}

const SAMPLES: Sample[] = [
  {
    name: 'alpha-h2',
    created: '2026-03-01T10:00:00Z',
    ended: '2026-03-01T12:00:00Z',
  },
  {
    name: 'bravo-lih',
    status: 'FAILED',
    geometry: 'Li 0 0 0;H 0 0 1.6',
    created: '2026-03-02T10:00:00Z',
    ended: '2026-03-02T10:30:00Z',
  },
  {
    name: 'Charlie-n2',
    status: 'RUNNING',
    device: GARNET_PATH,
    region: 'eu-north-1',
    geometry: 'N 0 0 0;N 0 0 1.1',
    created: '2026-03-03T10:00:00Z',
    ended: null,
  },
  {
    name: 'delta-water',
    status: 'QUEUED',
    geometry: 'O 0 0 0; H 0.76 0.59 0; H -0.76 0.59 0',
    created: '2026-03-04T10:00:00Z',
    started: null,
    ended: null,
  },
];

async function userWithSamples(): Promise<TestUser> {
  const user = await jobUser(t);
  await store(user.id, SAMPLES);
  return user;
}

describe('GET /hi-vqe/hybrid-jobs: filters, search and total_count', () => {
  it('keeps newest first by default and counts every job of the user', async () => {
    const user = await userWithSamples();
    const listed = await list(user, 'max_results=2');
    expect(names(listed)).toEqual(['delta-water', 'Charlie-n2']);
    expect(listed.total_count).toBe(4);
  });

  it.each([
    ['status_filter=FAILED', ['bravo-lih']],
    ['device=Garnet', ['Charlie-n2']],
    ['device=sv1', ['delta-water', 'bravo-lih', 'alpha-h2']],
    ['region=eu-north-1', ['Charlie-n2']],
    ['created_from=2026-03-02T00:00:00Z&created_to=2026-03-03T10:00:00Z', ['bravo-lih']],
    ['created_from=2026-03-03T10:00:00Z', ['delta-water', 'Charlie-n2']],
    ['q=CHARLIE', ['Charlie-n2']],
    ['q=lih', ['bravo-lih']],
    ['q=N2', ['Charlie-n2']],
    ['q=H2', ['alpha-h2']],
    ['q=OHH', ['delta-water']],
    ['q=%25', []],
    ['q=zzz', []],
    ['region=us-east-1&status_filter=QUEUED&q=water', ['delta-water']],
  ])('with %s lists and counts only the matching jobs', async (query, expected) => {
    const user = await userWithSamples();
    const listed = await list(user, `max_results=100&${query}`);
    expect(names(listed)).toEqual(expected);
    expect(listed.total_count).toBe(expected.length);
  });

  it('keeps total_count true as jobs change status, are created and are deleted', async () => {
    const user = await userWithSamples();
    const total = async (query = '') => (await list(user, query)).total_count;
    await database.db.execute(
      sql`update jobs set status = 'COMPLETED' where user_id = ${user.id} and status in ('RUNNING', 'QUEUED')`,
    );
    expect(await total('status_filter=COMPLETED')).toBe(3);
    expect(await total('status_filter=RUNNING')).toBe(0);
    await store(user.id, [{ name: 'echo', status: 'RUNNING', created: '2026-03-06T10:00:00Z' }]);
    expect(await total('status_filter=RUNNING')).toBe(1);
    expect(await total()).toBe(5);
    await database.db.execute(sql`delete from jobs where user_id = ${user.id} and job_name like 'alpha%'`);
    expect(await total()).toBe(4);
    expect(await total('status_filter=COMPLETED')).toBe(2);
  });

  it("never lists or counts another user's jobs, whatever the filters", async () => {
    const user = await userWithSamples();
    const other = await jobUser(t);
    await store(other.id, [{ name: 'other-h2', created: '2026-03-05T10:00:00Z' }]);
    for (const query of ['', 'q=h2', 'sort=job_name', 'page=1', 'q=other']) {
      const listed = await list(user, `max_results=100&${query}`);
      expect(names(listed)).not.toContain('other-h2');
    }
    expect((await list(other, 'q=h2')).total_count).toBe(1);
    expect((await list(user, 'q=other')).total_count).toBe(0);
  });
});

describe('GET /hi-vqe/hybrid-jobs: search', () => {
  /** Names that share nothing with their molecules, so each search can only match one of the two. */
  const MIXED: Sample[] = [
    { name: 'Lithium run', geometry: 'N 0 0 0;N 0 0 1.1', created: '2026-03-01T10:00:00Z' },
    { name: 'plain run', geometry: 'Li 0 0 0;H 0 0 1.6', created: '2026-03-02T10:00:00Z' },
  ];

  it("finds a job by its molecule's name as the table shows it, any case", async () => {
    const user = await jobUser(t);
    await store(user.id, MIXED);
    for (const query of ['q=lih', 'q=LiH', 'q=iH']) {
      const listed = await list(user, query);
      expect(names(listed)).toEqual(['plain run']);
      expect(listed.total_count).toBe(1);
    }
    expect(names(await list(user, 'q=n2'))).toEqual(['Lithium run']);
  });

  it('finds a job by its name, any case, and never across the name and the molecule', async () => {
    const user = await jobUser(t);
    await store(user.id, MIXED);
    const listed = await list(user, 'q=LITHIUM');
    expect(names(listed)).toEqual(['Lithium run']);
    expect(listed.total_count).toBe(1);
    expect(names(await list(user, 'q=run'))).toEqual(['plain run', 'Lithium run']);
    for (const query of ['q=runlih', 'q=run%20lih', 'q=lihplain']) {
      expect(await list(user, query)).toMatchObject({ jobs: [], total_count: 0 });
    }
  });

  it("keeps for each job the molecule name the contract's moleculeName gives", async () => {
    const user = await jobUser(t);
    const geometries = [
      'H 0 0 0;H 0 0 0.74',
      'Li 0 0 0;H 0 0 1.6',
      'O 0 0 0; H 0.76 0.59 0; H -0.76 0.59 0',
      'H 0 0 0;H 0 0 1;H 0 0 2',
      '  N 0 0 0 ;  N 0 0 1.1  ',
      'H 0 0 0;H 0 0 0.74;',
      'He 0 0 0',
      'H 0,0,0;Li 0,0,1.6',
    ];
    await store(
      user.id,
      geometries.map((geometry, i) => ({
        name: `Job ${i}`,
        geometry,
        created: `2026-03-0${i + 1}T10:00:00Z`,
      })),
    );
    const kept = await database.db
      .select({
        name: jobs.jobName,
        geometry: sql<string>`${jobs.hyperparameters}->>'molecule_geometry'`,
        searchText: jobs.searchText,
      })
      .from(jobs)
      .where(sql`${jobs.userId} = ${user.id}`);
    expect(kept).toHaveLength(geometries.length);
    for (const { name, geometry, searchText } of kept) {
      expect(searchText).toBe(`${name.toLowerCase()}\n${moleculeName(geometry).toLowerCase()}`);
    }
  });
});

describe('GET /hi-vqe/hybrid-jobs: sort', () => {
  it.each([
    ['created_at', ['alpha-h2', 'bravo-lih', 'Charlie-n2', 'delta-water']],
    ['-created_at', ['delta-water', 'Charlie-n2', 'bravo-lih', 'alpha-h2']],
    ['job_name', ['alpha-h2', 'bravo-lih', 'Charlie-n2', 'delta-water']],
    ['-job_name', ['delta-water', 'Charlie-n2', 'bravo-lih', 'alpha-h2']],
    ['status', ['alpha-h2', 'bravo-lih', 'delta-water', 'Charlie-n2']],
    ['-status', ['Charlie-n2', 'delta-water', 'bravo-lih', 'alpha-h2']],
    // Jobs not started or not ended yet come last ascending and first descending.
    ['started_at', ['alpha-h2', 'bravo-lih', 'Charlie-n2', 'delta-water']],
    ['-started_at', ['delta-water', 'Charlie-n2', 'bravo-lih', 'alpha-h2']],
    ['ended_at', ['alpha-h2', 'bravo-lih', 'Charlie-n2', 'delta-water']],
    ['-ended_at', ['delta-water', 'Charlie-n2', 'bravo-lih', 'alpha-h2']],
  ])('sort=%s orders the jobs', async (sort, expected) => {
    const user = await userWithSamples();
    expect(names(await list(user, `max_results=100&sort=${sort}`))).toEqual(expected);
  });

  it('orders by end time with the unfinished ones apart', async () => {
    const user = await jobUser(t);
    await store(user.id, [
      { name: 'late', created: '2026-03-01T00:00:00Z', ended: '2026-03-09T00:00:00Z' },
      { name: 'early', created: '2026-03-02T00:00:00Z', ended: '2026-03-03T00:00:00Z' },
    ]);
    expect(names(await list(user, 'sort=ended_at'))).toEqual(['early', 'late']);
    expect(names(await list(user, 'sort=-ended_at'))).toEqual(['late', 'early']);
  });
});

describe('GET /hi-vqe/hybrid-jobs: pages', () => {
  it('answers numbered pages of the filtered list with the same total_count', async () => {
    const user = await jobUser(t);
    const seeded = await seedJobs(database.db, user.id, 25, ['COMPLETED', 'FAILED']);
    const completed = seeded.filter((_, i) => i % 2 === 0);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => list(user, `max_results=5&status_filter=COMPLETED&page=${page}`)),
    );
    expect(pages.map((page) => page.total_count)).toEqual([13, 13, 13]);
    const arns = pages.flatMap((page) =>
      page.jobs.map((job) => (job as unknown as { job_arn: string }).job_arn),
    );
    expect(arns).toEqual(completed.slice(0, 15));
  });

  it('follows next_token through a non-default order, each job once', async () => {
    const user = await userWithSamples();
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const tokenPart: string = token === null ? '' : `&next_token=${encodeURIComponent(token)}`;
      const listed = await list(user, `max_results=3&sort=job_name${tokenPart}`);
      seen.push(...names(listed));
      token = listed.next_token;
    } while (token !== null);
    expect(seen).toEqual(['alpha-h2', 'bravo-lih', 'Charlie-n2', 'delta-water']);
  });

  it('gives a search the same total_count on every page, the last one and those reached by next_token', async () => {
    const user = await jobUser(t);
    await seedJobs(database.db, user.id, 25);
    await store(user.id, SAMPLES);
    const numbered = await Promise.all(
      [1, 2, 3, 4].map((page) => list(user, `max_results=10&q=seed&page=${page}`)),
    );
    expect(numbered.map((page) => [page.jobs.length, page.total_count])).toEqual([
      [10, 25],
      [10, 25],
      [5, 25],
      [0, 25],
    ]);
    const followed: [number, number][] = [];
    let token: string | null = null;
    do {
      const tokenPart: string = token === null ? '' : `&next_token=${encodeURIComponent(token)}`;
      const listed = await list(user, `max_results=10&q=seed${tokenPart}`);
      followed.push([listed.jobs.length, listed.total_count]);
      token = listed.next_token;
    } while (token !== null);
    expect(followed).toEqual([
      [10, 25],
      [10, 25],
      [5, 25],
    ]);
  });

  it('answers an empty page past the end, still with the count', async () => {
    const user = await userWithSamples();
    const listed = await list(user, 'max_results=10&page=9');
    expect(listed).toEqual({ jobs: [], next_token: null, total_count: 4 });
  });
});

describe('GET /hi-vqe/hybrid-jobs: hostile parameters', () => {
  it.each([
    ['max_results=1000000', 'max_results must be a whole number from 1 to 100'],
    ['page=0', JOB_PAGE_MESSAGE],
    ['page=99999999999999999999', JOB_PAGE_MESSAGE],
    ['page=1.5', JOB_PAGE_MESSAGE],
    ['sort=password', JOB_SORT_MESSAGE],
    ['sort=created_at;drop%20table%20jobs', JOB_SORT_MESSAGE],
    ['sort=--created_at', JOB_SORT_MESSAGE],
    ['q=%00', TEXT_MESSAGES.control],
    ['q=a%1Bb', TEXT_MESSAGES.control],
    // The line feed that joins a job's name and molecule in search_text.
    ['q=run%0Alih', TEXT_MESSAGES.lineBreak],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ['region=%27%20or%201=1--', 'region must be a region name'],
    ['created_from=yesterday', 'created_from'],
    ['page=2&next_token=QDEw', JOB_MESSAGES.pageWithToken],
    // An offset token in the default order, where tokens are positions.
    [`next_token=${Buffer.from('@10').toString('base64url')}`, JOB_MESSAGES.invalidNextToken],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const user = await userWithSamples();
    const res = await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?${query}`, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('names the sort parameter when its column is unknown', async () => {
    const user = await jobUser(t);
    const res = await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?sort=hyperparameters`, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^querystring\.sort: sort must be one of/);
  });
});
