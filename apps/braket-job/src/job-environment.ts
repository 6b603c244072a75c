/**
 * Where a Braket hybrid job puts things, as its container sees them. The names are Braket's own
 * (amazon-braket-sdk-python, src/braket/jobs/environment_variables.py); the failure file is where
 * Braket's containers write the reason GetJob reports (amazon-braket-containers, src/braket_container.py).
 */
export interface JobEnvironment {
  jobName: string;
  hyperparametersFile: string | undefined;
  inputDir: string | undefined;
  resultsDir: string;
  checkpointDir: string;
  deviceArn: string;
  jobToken: string | undefined;
  outputBucket: string;
  /** Key prefix, within outputBucket, under which the job's quantum tasks write their results. */
  taskResultsPrefix: string;
  failureFile: string;
}

/** Braket's containers write the failure reason here; HIVQE_FAILURE_FILE moves it (tests only). */
export const BRAKET_FAILURE_FILE = '/opt/ml/output/failure';

export class JobEnvironmentError extends Error {}

export function readJobEnvironment(env: NodeJS.ProcessEnv): JobEnvironment {
  const required = (name: string): string => {
    const value = env[name];
    if (value === undefined || value === '') throw new JobEnvironmentError(`${name} is not set`);
    return value;
  };
  const taskResults = parseS3Uri(required('AMZN_BRAKET_TASK_RESULTS_S3_URI'));
  return {
    jobName: required('AMZN_BRAKET_JOB_NAME'),
    hyperparametersFile: env.AMZN_BRAKET_HP_FILE,
    inputDir: env.AMZN_BRAKET_INPUT_DIR,
    resultsDir: env.AMZN_BRAKET_JOB_RESULTS_DIR ?? '.',
    checkpointDir: env.AMZN_BRAKET_CHECKPOINT_DIR ?? '.',
    deviceArn: required('AMZN_BRAKET_DEVICE_ARN'),
    jobToken: env.AMZN_BRAKET_JOB_TOKEN,
    outputBucket: env.AMZN_BRAKET_OUT_S3_BUCKET ?? taskResults.bucket,
    taskResultsPrefix: taskResults.key.replace(/\/+$/, ''),
    failureFile: env.HIVQE_FAILURE_FILE ?? BRAKET_FAILURE_FILE,
  };
}

function parseS3Uri(uri: string): { bucket: string; key: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(uri);
  if (match === null)
    throw new JobEnvironmentError(`AMZN_BRAKET_TASK_RESULTS_S3_URI is not an s3:// URI: ${uri}`);
  return { bucket: match[1], key: match[2] };
}
