/**
 * The host's side of the job image's smoke test (scripts/images.sh): starts the Braket and S3 stand-in on this
 * machine, writes the hyperparameter files of a small H2 job (as the console sends them) and of a job with a bad
 * value into the directory given, and prints one JSON line with the stand-in's endpoint and credentials. On
 * SIGTERM it prints a second line, what the stand-in saw, and exits.
 *
 *   tsx scripts/braket-job-host.ts <dir>
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildHybridJobPayload, defaultCloudJobForm, toHyperparameters, type JobForm } from '@hivqe/contract';
import { startAwsStandIn } from '@hivqe/aws-stand-in';

const BUCKET = 'amazon-braket-hivqe-smoke';

const dir = process.argv[2];
if (dir === undefined) {
  console.error('usage: tsx scripts/braket-job-host.ts <dir>');
  process.exit(2);
}

/** H2 at 0.74 Å in STO-3G on both orbitals: a few seconds on the stand-in's simulator. */
const h2Form: JobForm = {
  ...defaultCloudJobForm({}),
  molecules: { '0.74': 'H 0 0 0;H 0 0 0.74' },
  exactEnergies: { '0.74': -1.137283834 },
  basis: 'sto-3g',
  active_orbitals: [0, 1],
  frozen_orbitals: [],
};
const payload = buildHybridJobPayload(h2Form);
const hyperparameters = toHyperparameters(payload);
writeFileSync(path.join(dir, 'hyperparameters.json'), JSON.stringify(hyperparameters));
writeFileSync(
  path.join(dir, 'bad-hyperparameters.json'),
  JSON.stringify({ ...hyperparameters, shots: 'many' }),
);

const standIn = await startAwsStandIn({ buckets: [BUCKET] });
console.log(
  JSON.stringify({
    endpoint: standIn.endpoint,
    region: standIn.region,
    accessKeyId: standIn.clientConfig.credentials.accessKeyId,
    secretAccessKey: standIn.clientConfig.credentials.secretAccessKey,
    bucket: BUCKET,
    deviceArn: payload.device_name,
  }),
);

process.once('SIGTERM', () => {
  const refused = standIn.requests.filter((request) => request.error !== undefined);
  console.log(
    JSON.stringify({
      requests: standIn.requests.length,
      quantumTasks: standIn.tasks.size,
      refused: refused.map((request) => `${request.operation ?? request.url}: ${request.error?.message}`),
    }),
  );
  void standIn.close().then(() => process.exit(0));
});
