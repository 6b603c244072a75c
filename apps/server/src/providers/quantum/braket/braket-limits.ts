/**
 * What Braket's CreateJob accepts, from its API model (aws/api-models-aws, braket-2019-09-01.json): the SDK
 * exports the enums (InstanceType) but not the patterns and lengths, so these are written here and the
 * CreateJob tests hold every input the product builds to them.
 */
export const BRAKET_LIMITS = {
  jobName: /^[a-zA-Z0-9](-*[a-zA-Z0-9]){0,50}$/,
  jobNameLength: 50,
  hyperparameters: 100,
  hyperparameterLength: 2500,
  maxRuntimeSeconds: 432_000,
  containerImageLength: 255,
} as const;

/**
 * A private ECR image by tag or by digest: `<account>.dkr.ecr.<region>.amazonaws.com/<repository>:<tag>` or
 * `…/<repository>@sha256:<64 hex>`, with ECR's repository and tag rules. Narrower than the model's pattern
 * (`^\d{10,14}\.dkr\.ecr.[a-z0-9-]+\.amazonaws\.com\/.+(@sha256)?:.+$`), which would also pass a digest of any
 * length or a repository name ECR cannot hold.
 */
export const CONTAINER_IMAGE_URI =
  /^\d{12}\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com\/(?:[a-z0-9]+(?:[._-][a-z0-9]+)*\/)*[a-z0-9]+(?:[._-][a-z0-9]+)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}|@sha256:[0-9a-f]{64})$/;

export const CONTAINER_IMAGE_MESSAGE =
  'must be an ECR image Braket can run, <account>.dkr.ecr.<region>.amazonaws.com/<repository>:<tag> or …/<repository>@sha256:<64 hex digits>';
