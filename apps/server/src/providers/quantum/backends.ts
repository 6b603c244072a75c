import type { JobBackendName, JobKind } from '../../db/schema/jobs.ts';
import type { QuantumBackend } from './backend.ts';

/** The back ends this server can reach, and the one new jobs go to (JOB_BACKEND). */
export class QuantumBackends {
  private readonly byName: ReadonlyMap<JobBackendName, QuantumBackend>;

  constructor(
    backends: readonly QuantumBackend[],
    private readonly forNewJobs: JobBackendName,
  ) {
    this.byName = new Map(backends.map((backend) => [backend.name, backend]));
    if (!this.byName.has(forNewJobs)) throw new Error(`JOB_BACKEND ${forNewJobs} is not configured`);
  }

  /** Where new jobs of a kind go: JOB_BACKEND's for hybrid jobs; IQM jobs to IQM Resonance when configured. */
  current(kind: JobKind = 'hybrid'): QuantumBackend {
    if (kind === 'hybrid') return this.of(this.forNewJobs);
    return this.byName.get('iqm') ?? this.of('local');
  }

  /** The back end a stored job runs on. */
  of(name: JobBackendName): QuantumBackend {
    const backend = this.byName.get(name);
    if (!backend) throw new Error(`The ${name} back end is not configured on this server`);
    return backend;
  }
}
