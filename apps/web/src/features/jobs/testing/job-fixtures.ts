import {
  DEFAULT_JOB_SORT,
  JOB_PATHS,
  SV1,
  arnRegion,
  buildHybridJobPayload,
  defaultCloudJobForm,
  deviceNameFromPath,
  fromHyperparameters,
  moleculeName,
  parseJobSort,
  toHyperparameters,
  type JobSort,
  type AccountSettingsResponse,
  type HybridJob,
  type HybridJobDetailResponse,
  type HybridJobHyperparameterValues,
  type IqmJob,
  type OrganizationPrioritiesResponse,
  type PriorityEntry,
} from '@hivqe/contract';
import { http, HttpResponse, delay } from 'msw';
import { apiPath, server } from '../../../test/server.ts';

export const ACCOUNT_ID = '123456789012';
export const ROLE_ARN = `arn:aws:iam::${ACCOUNT_ID}:role/HI-VQE-Access-Role`;
export const CLOUD_SETTINGS: AccountSettingsResponse = {
  user_email: 'ada@example.com',
  source: 'user',
  account_id: ACCOUNT_ID,
  aws_region: 'us-east-1',
  role_arn: ROLE_ARN,
  external_id: 'external-1',
  iqm_api_key: null,
  platform_account_id: '000000000000',
  connection_test_available: false,
  // The user's own account is used only where jobs run on Amazon Braket.
  hybrid_job_backend: 'braket',
};
/** What the server answers when neither the user nor the platform has a cloud account (real Braket, no settings). */
export const NO_CLOUD_SETTINGS: AccountSettingsResponse = {
  ...CLOUD_SETTINGS,
  source: null,
  account_id: null,
  aws_region: null,
  role_arn: null,
  external_id: null,
};
/** The server sends the IQM key masked: the browser only ever sees its last 10 characters. */
export const IQM_KEY_TAIL = 'abcdef1234';
export const IQM_SETTINGS: AccountSettingsResponse = { ...CLOUD_SETTINGS, iqm_api_key: `***${IQM_KEY_TAIL}` };

/** The hyperparameters the console itself sends for the default form, with changes. */
export function jobHyperparameters(
  patch: Partial<HybridJobHyperparameterValues> = {},
): Record<string, string> {
  return toHyperparameters({ ...buildHybridJobPayload(defaultCloudJobForm(CLOUD_SETTINGS)), ...patch });
}

export function hybridJob(name: string, overrides: Partial<HybridJob> = {}): HybridJob {
  return {
    job_arn: `arn:aws:braket:us-east-1:${ACCOUNT_ID}:job/${name}`,
    job_name: name,
    status: 'COMPLETED',
    device: SV1.arn,
    backend: 'local',
    simulated_locally: false,
    created_at: '2025-03-01T10:00:00.000Z',
    started_at: '2025-03-01T10:01:00.000Z',
    ended_at: '2025-03-01T10:30:00.000Z',
    failure_reason: null,
    tags: { Project: 'HI-VQE' },
    hyperparameters: jobHyperparameters(),
    ...overrides,
  };
}

/** n jobs named job-01..., created a minute apart, the newest last. */
export const manyJobs = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    hybridJob(`job-${String(index + 1).padStart(2, '0')}`, {
      created_at: new Date(Date.UTC(2025, 2, 1, 10, index)).toISOString(),
    }),
  );

export function mockSettings(settings: AccountSettingsResponse | 'missing' | 'error') {
  server.use(
    http.get(apiPath('/account/settings'), () =>
      settings === 'missing'
        ? HttpResponse.json(NO_CLOUD_SETTINGS)
        : settings === 'error'
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json(settings),
    ),
  );
}

/**
 * A job list at `path` in pages: page i answers next_token 'page-i' and points at the next one. Returns the
 * query strings received, so tests can check the loop.
 */
function mockJobPages(path: string, pages: readonly unknown[][]) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(apiPath(path), ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const index = Number(query.get('next_token')?.replace('page-', '') ?? 0);
      const next = index + 1 < pages.length ? `page-${index + 1}` : null;
      return HttpResponse.json({ jobs: pages[index] ?? [], next_token: next });
    }),
  );
  return requests;
}

/** Whether a job passes a list request's search and filters as the server reads them. */
function matchesListQuery(job: HybridJob, query: URLSearchParams): boolean {
  const created = Date.parse(job.created_at);
  const from = query.get('created_from');
  const to = query.get('created_to');
  const search = query.get('q')?.toLowerCase();
  const geometry = fromHyperparameters(job.hyperparameters).molecule_geometry;
  const searched = [job.job_name, geometry === undefined ? '' : moleculeName(geometry)];
  return (
    (!search || searched.some((text) => text.toLowerCase().includes(search))) &&
    (!query.has('status_filter') || job.status === query.get('status_filter')) &&
    (!query.has('region') || arnRegion(job.job_arn) === query.get('region')) &&
    (!query.has('device') || deviceNameFromPath(job.device) === query.get('device')) &&
    (from === null || created >= Date.parse(from)) &&
    (to === null || created < Date.parse(to))
  );
}

/** The server's order for `sort` (newest first by default); absent dates last. */
function byListSort(sort: JobSort) {
  const { column, descending } = parseJobSort(sort);
  const key = (job: HybridJob) =>
    column === 'job_name' ? job.job_name.toLowerCase() : column === 'status' ? job.status : job[column];
  return (a: HybridJob, b: HybridJob) => {
    const [x, y] = [key(a), key(b)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * (descending ? -1 : 1);
  };
}

/**
 * The cloud list as the server answers it: searched, filtered, ordered by `sort` (newest first by default),
 * one numbered page of max_results with total_count. Returns the query strings received.
 */
export function mockHybridJobs(jobs: readonly HybridJob[]) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(apiPath(JOB_PATHS.hybridJobs), ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const size = Number(query.get('max_results') ?? 10);
      const page = Number(query.get('page') ?? 1);
      const matching = jobs
        .filter((job) => matchesListQuery(job, query))
        .sort(byListSort((query.get('sort') ?? DEFAULT_JOB_SORT) as JobSort));
      const shown = matching.slice((page - 1) * size, page * size);
      const more = page * size < matching.length;
      return HttpResponse.json({
        jobs: shown,
        next_token: more ? `page-${page + 1}` : null,
        total_count: matching.length,
      });
    }),
  );
  return requests;
}

export const ORG_ID = '6f1c2b9e-2d0a-4c3e-9a57-1b2c3d4e5f60';
export const OTHER_ORG_ID = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';

export function organizationEntry(overrides: Partial<PriorityEntry> = {}): PriorityEntry {
  return {
    organization_id: ORG_ID,
    type: 'organization',
    organization_name: 'Quantum Lab',
    role: 'organization_member',
    can_create_jobs: true,
    is_valid: true,
    joined_at: '2025-01-01T00:00:00.000Z',
    owner_email: 'owner@lab.example',
    priority: 1,
    execution_context: 'marketplace',
    marketplace_subscription: { active: true, verified_at: '2025-01-15T12:00:00.000Z' },
    ...overrides,
  };
}

/** A member of Quantum Lab (valid, the active source) without a personal subscription. */
export function prioritiesResponse(
  overrides: Partial<OrganizationPrioritiesResponse> = {},
): OrganizationPrioritiesResponse {
  return {
    priorities: [organizationEntry()],
    individual_marketplace_subscription: { active: false, email: 'ada@example.com', verified_at: null },
    active_source: {
      type: 'organization',
      organization_id: ORG_ID,
      organization_name: 'Quantum Lab',
      execution_context: 'marketplace',
      billed_to: 'owner@lab.example',
      marketplace_subscription: { active: true, verified_at: '2025-01-15T12:00:00.000Z' },
    },
    ...overrides,
  };
}

export function mockPriorities(
  response: OrganizationPrioritiesResponse | 'error' | 'pending' = prioritiesResponse(),
) {
  server.use(
    http.get(apiPath('/auth/me/organization-priorities'), async () => {
      if (response === 'pending') await delay('infinite');
      return response === 'error' || response === 'pending'
        ? HttpResponse.json({ message: 'boom' }, { status: 500 })
        : HttpResponse.json(response);
    }),
  );
}

/** Records the JSON bodies a POST receives and answers with a new job. */
/** Records the create payloads at `path`; a status other than 200 answers it with `message`. */
export function recordCreates(path: string, status = 200, message = 'boom') {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath(path), async ({ request }) => {
      bodies.push(await request.json());
      return status === 200
        ? HttpResponse.json({
            job_arn: `arn:aws:braket:us-east-1:${ACCOUNT_ID}:job/new-job`,
            status: 'QUEUED',
          })
        : HttpResponse.json({ message }, { status });
    }),
  );
  return bodies;
}

export function hybridJobDetail(
  job: HybridJob,
  parameters: Partial<HybridJobDetailResponse['job_parameters']> = {},
): HybridJobDetailResponse {
  return {
    job_arn: job.job_arn,
    job_history: {
      job_name: job.job_name,
      job_status: job.status,
      status: job.status,
      created_at: job.created_at,
      last_updated: '2025-03-01T10:30:00.000Z',
      assume_role_used: true,
      role_arn: ROLE_ARN,
    },
    job_parameters: {
      hyperparameters: job.hyperparameters,
      output_data_config: { s3Path: `s3://amazon-braket-us-east-1-${ACCOUNT_ID}/jobs` },
      instance_config: { instanceType: 'ml.m5.24xlarge', volumeSizeInGb: 100, instanceCount: 1 },
      ...parameters,
    },
  };
}

export function mockHybridJobDetail(detail: HybridJobDetailResponse | 'error') {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(apiPath(JOB_PATHS.hybridJobDetail), ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return detail === 'error'
        ? HttpResponse.json({ message: 'boom' }, { status: 500 })
        : HttpResponse.json(detail);
    }),
  );
  return requests;
}

export function iqmJob(name: string, overrides: Partial<IqmJob> = {}): IqmJob {
  return {
    job_name: name,
    status: 'COMPLETED',
    job_arn: `arn:iqm:resonance:eu-west-1:${ACCOUNT_ID}:job/${name}`,
    device: 'garnet',
    backend: 'iqm',
    simulated_locally: false,
    created_at: '2025-03-01T10:00:00.000Z',
    started_at: '2025-03-01T10:01:00.000Z',
    ended_at: '2025-03-01T10:20:00.000Z',
    hyperparameters: { shots: 1000, molecules: { '1.0': 'N 0 0 0;N 0 0 1.0' } },
    output_data_config: { s3Path: `s3://iqm-resonance-${IQM_KEY_TAIL}/jobs` },
    tags: { Provider: 'IQM' },
    queue: null,
    ...overrides,
  };
}

/** The IQM list in pages of 10, linked by next_token 'page-i'; returns the query strings received. */
export const mockIqmJobPages = (pages: IqmJob[][]) => mockJobPages(JOB_PATHS.iqmJobs, pages);
