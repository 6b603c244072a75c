import { GetDeviceCommand } from '@aws-sdk/client-braket';
import {
  checkRunLimits,
  EngineInputError,
  isAbortError,
  parseHiVqeParams,
  runHiVqe,
  type IterationPoint,
} from '@hivqe/engine';
import { braketClient, s3Client } from './aws-clients.ts';
import { createBraketSampler } from './braket-sampler.ts';
import { recordFailure } from './failure.ts';
import { inputChannels, readHyperparameters } from './hyperparameters.ts';
import { JobCheckpoint } from './job-checkpoint.ts';
import { jobDevice } from './job-device.ts';
import { JobEnvironmentError, readJobEnvironment, BRAKET_FAILURE_FILE } from './job-environment.ts';
import { jobResults, writeJobResults } from './job-results.ts';
import { metricsAfterLogLine } from './metric-lines.ts';

/** Exit status of a job ended by SIGTERM (Braket's cancellation): 128 + 15, as a shell reports it. */
const CANCELLED_EXIT = 143;

/**
 * The entry point of the HI-VQE image in an Amazon Braket hybrid job (docs/braket.md, "The job program").
 * Every shot is taken on the job's device; each iteration is checkpointed, so a restarted job resumes.
 */
async function main(stop: AbortController): Promise<void> {
  const env = readJobEnvironment(process.env);
  const hyperparameters = readHyperparameters(env.hyperparametersFile);
  const params = parseHiVqeParams(hyperparameters);
  const { space } = checkRunLimits(params, false);
  const channels = inputChannels(env.inputDir);
  if (channels.length > 0) console.log(`Input channels ${channels.join(', ')} are not used by HI-VQE`);

  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  const braket = braketClient(region);
  const described = await braket.send(new GetDeviceCommand({ deviceArn: env.deviceArn }), {
    abortSignal: stop.signal,
  });
  const device = jobDevice(env.deviceArn, described.deviceCapabilities ?? '{}', 2 * space.norb);
  console.log(
    `Device ${described.deviceName ?? env.deviceArn}: ${device.device.qubits.length} qubits, ` +
      `OpenQASM 3 with ${device.target.qubits} qubits and ${device.target.gates} gates`,
  );
  const checkpoint = new JobCheckpoint(env.checkpointDir, env.jobName);
  if (checkpoint.loop !== null) console.log(`Resuming after iteration ${checkpoint.loop.iteration}`);
  const sampler = createBraketSampler({
    braket,
    s3: s3Client(region, process.env),
    deviceArn: env.deviceArn,
    device,
    jobName: env.jobName,
    jobToken: env.jobToken,
    outputBucket: env.outputBucket,
    taskResultsPrefix: env.taskResultsPrefix,
    ledger: checkpoint,
    onTasks: (key, arns) => console.log(`Quantum tasks of sample call ${key}: ${arns.join(', ')}`),
  });
  let lastPoint: IterationPoint | undefined;
  // An iteration's metric lines wait for its checkpoint: a job killed in between redoes the iteration,
  // and its metrics must not appear twice.
  const pendingMetrics: string[] = [];
  const flushMetrics = () => {
    for (const line of pendingMetrics.splice(0)) console.log(line);
  };
  const result = await runHiVqe(hyperparameters, {
    sampler,
    signal: stop.signal,
    onIteration: (point) => {
      lastPoint = point;
    },
    onLog: (line) => {
      const metrics = metricsAfterLogLine(line, lastPoint);
      if (metrics.length === 0) console.log(line);
      else pendingMetrics.push(line, ...metrics);
    },
    checkpoint: {
      resume: checkpoint.loop ?? undefined,
      save: (loop) => {
        checkpoint.saveLoop(loop);
        flushMetrics();
      },
    },
  });
  flushMetrics();
  const cpu = process.cpuUsage();
  const file = writeJobResults(
    env.resultsDir,
    jobResults({
      params,
      geometryTag: hyperparameters.geometry_tag ?? null,
      result,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      quantumTasks: checkpoint.taskArns,
    }),
  );
  console.log(
    `Result: E(HI-VQE) = ${result.energy.toFixed(10)} Ha after ${result.iterations} iterations; ${file}`,
  );
}

const stop = new AbortController();
process.once('SIGTERM', () => {
  console.log('SIGTERM: cancelling the run and its quantum tasks; the checkpoint is kept');
  stop.abort(new Error('the job was cancelled'));
});

main(stop).then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    if (stop.signal.aborted && isAbortError(error)) {
      console.log('Cancelled');
      process.exitCode = CANCELLED_EXIT;
      return;
    }
    const known = error instanceof EngineInputError || error instanceof JobEnvironmentError;
    const message = error instanceof Error ? error.message : String(error);
    recordFailure(
      process.env.HIVQE_FAILURE_FILE ?? BRAKET_FAILURE_FILE,
      known ? `Invalid job input: ${message}` : `HI-VQE job error: ${message}`,
    );
    process.exitCode = 1;
  },
);
