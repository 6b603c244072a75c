import { BRAND } from '../brand.ts';

/** Names of the customer's cloud resources a hybrid job uses (jobs.md 3, cloud-services.md). */

/** Braket's convention for the job's execution role; the job's creator needs iam:PassRole on it. */
export const BRAKET_EXECUTION_ROLE_NAME = 'service-role/AmazonBraketJobsExecutionRole';

/**
 * A placeholder for the job's container image: the payload carries one (jobs.md 3), but the image a job runs
 * is the server's to choose, so it is not trusted from the client.
 */
export const HIVQE_CONTAINER_IMAGE = 'hi-vqe/engine:latest';

/**
 * AWS's limit of user tags on one resource. Braket's API model sets none on its TagsMap, so this is the
 * tagging limit every AWS service applies.
 */
export const BRAKET_MAX_TAGS = 50;
/** The tag the server adds to every Braket job: the job's id here, to find it from the AWS side. */
export const JOB_ID_TAG = 'hivqe-job-id';
/** Tags a user may give a job: Braket's limit less the one the server adds. */
export const MAX_USER_TAGS = BRAKET_MAX_TAGS - 1;

/**
 * What Braket's hyperparameter pattern `^.*$` does not match: a line terminator of Java's regular expressions
 * (LF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR), since `.` stops at each.
 */
export const BRAKET_LINE_TERMINATOR = /[\n\r\u0085\u2028\u2029]/;
/** The Unicode-only line separators (NEL, U+2028, U+2029): refused in every hyperparameter, multi-line or not. */
export const UNICODE_LINE_SEPARATOR = /[\u0085\u2028\u2029]/;

/** The folder of the bucket job results go to. */
export const JOB_OUTPUT_FOLDER = 'jobs';

/** Account ids are shown as 1234-5678-9012 in places; ARNs and bucket names use the 12 digits alone. */
export const accountDigits = (accountId: string) => accountId.replaceAll('-', '');

export const executionRoleArn = (accountId: string) =>
  `arn:aws:iam::${accountDigits(accountId)}:role/${BRAKET_EXECUTION_ROLE_NAME}`;

/** The quantum service's default bucket: '{prefix}-{region}-{account id without dashes}'. */
export const serviceBucketName = (region: string, accountId: string) =>
  `${BRAND.serviceBucketPrefix}-${region}-${accountDigits(accountId)}`;

export const outputS3Path = (bucket: string) => `s3://${bucket}/${JOB_OUTPUT_FOLDER}`;

/**
 * One Braket job's output prefix, laid out as Braket's SDK lays it (`…/jobs/<job name>/data`, less its
 * timestamp: a job name is unique in its account). Braket packs the job's results into
 * `<prefix>/output/model.tar.gz`, so jobs sharing a prefix would overwrite each other's archive.
 */
export const jobOutputS3Path = (bucket: string, jobName: string) => `${outputS3Path(bucket)}/${jobName}/data`;

/** The bucket of an s3:// path: its third '/'-separated segment ('' when there is none). */
export const bucketFromS3Path = (s3Path: string) => s3Path.split('/')[2] ?? '';
