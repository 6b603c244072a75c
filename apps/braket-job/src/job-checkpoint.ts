import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoopCheckpoint } from '@hivqe/engine';
import { BRAKET_PERSISTED_DATA_SCHEMA } from '@hivqe/contract';
import type { TaskLedger } from './braket-sampler.ts';

/** What the job keeps between runs: the loop's state and every quantum task it created, by sample call. */
export interface JobCheckpointData {
  loop: LoopCheckpoint | null;
  /** In creation order; a key's tasks are those of the circuits of that sample call. */
  quantumTasks: Array<{ key: string; arns: string[] }>;
}

/**
 * The job's checkpoint in AMZN_BRAKET_CHECKPOINT_DIR, in the file and document the Braket SDK's
 * save_job_checkpoint writes (`<job name>_<suffix>.json`, a persisted_job_data document in plaintext),
 * so load_job_checkpoint reads it too. Each save writes a temporary file and renames it over the old
 * one: a job killed mid-write keeps the previous checkpoint.
 */
export class JobCheckpoint implements TaskLedger {
  private readonly file: string;
  private data: JobCheckpointData;

  constructor(
    private readonly dir: string,
    jobName: string,
  ) {
    this.file = join(dir, `${jobName}_hivqe.json`);
    this.data = this.load() ?? { loop: null, quantumTasks: [] };
  }

  get loop(): LoopCheckpoint | null {
    return this.data.loop;
  }

  get taskArns(): string[] {
    return this.data.quantumTasks.flatMap((entry) => entry.arns);
  }

  tasksFor(key: string): readonly string[] | undefined {
    return this.data.quantumTasks.find((entry) => entry.key === key)?.arns;
  }

  async record(key: string, arns: readonly string[]): Promise<void> {
    const others = this.data.quantumTasks.filter((entry) => entry.key !== key);
    this.data = { ...this.data, quantumTasks: [...others, { key, arns: [...arns] }] };
    this.write();
  }

  saveLoop(loop: LoopCheckpoint): void {
    this.data = { ...this.data, loop };
    this.write();
  }

  private load(): JobCheckpointData | null {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return null;
    }
    const document = JSON.parse(text) as { dataDictionary?: Partial<JobCheckpointData> };
    const saved = document.dataDictionary ?? {};
    return { loop: saved.loop ?? null, quantumTasks: saved.quantumTasks ?? [] };
  }

  private write(): void {
    mkdirSync(this.dir, { recursive: true });
    const document = {
      braketSchemaHeader: { name: BRAKET_PERSISTED_DATA_SCHEMA, version: '1' },
      dataDictionary: this.data,
      dataFormat: 'plaintext',
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(document));
    renameSync(temporary, this.file);
  }
}
