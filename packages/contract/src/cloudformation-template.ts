import { ACCESS_ROLE_NAME } from './account-settings.ts';
import { BRAND } from './brand.ts';

/** The file Account Settings downloads: 'hi-vqe-' + the template service's name + '-template.json' (spec 2.9). */
export const CLOUDFORMATION_TEMPLATE_FILENAME = `hi-vqe-${BRAND.templateService}-template.json`;
export const ACCESS_ROLE_LOGICAL_ID = 'HIVQEAccessRole';
export const EXECUTION_ROLE_LOGICAL_ID = 'BraketJobsExecutionRole';
export const JOB_BUCKET_LOGICAL_ID = 'BraketJobsBucket';
/** The execution role CreateJob names (BRAKET_EXECUTION_ROLE_NAME's default): Braket's own default name. */
export const EXECUTION_ROLE_PATH = '/service-role/';
export const EXECUTION_ROLE_SHORT_NAME = 'AmazonBraketJobsExecutionRole';
export const ACCESS_ROLE_POLICY_ARNS = [
  'arn:aws:iam::aws:policy/AmazonBraketFullAccess',
  'arn:aws:iam::aws:policy/AmazonS3FullAccess',
] as const;

export interface AccessRoleTemplateInput {
  /** The account in the user's settings, where the stack is to be deployed. */
  accountId: string;
  /** The platform's own account, the principal allowed to assume the role. */
  platformAccountId: string;
  externalId: string;
}

const yes = (parameter: string) => ({ 'Fn::Equals': [{ Ref: parameter }, 'true'] });
const choice = (description: string) => ({
  Type: 'String',
  AllowedValues: ['true', 'false'],
  Default: 'true',
  Description: description,
});
/** The stack's region and account: the bucket Braket's console and the platform both name. */
const JOB_BUCKET_NAME = {
  'Fn::Sub': `${BRAND.serviceBucketPrefix}-\${AWS::Region}-\${AWS::AccountId}`,
};

/**
 * What a hybrid job's container may do with the execution role: read and write the job bucket (its output
 * archive, the quantum tasks' results), write its CloudWatch logs, run quantum tasks on the job's device,
 * and pull the job image from the platform's ECR repositories (whose repository policy lets this account in).
 */
function executionPolicy(platformAccountId: string) {
  const bucket = {
    'Fn::Sub': `arn:\${AWS::Partition}:s3:::${BRAND.serviceBucketPrefix}-\${AWS::Region}-\${AWS::AccountId}`,
  };
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:ListBucket', 's3:GetBucketLocation'], Resource: bucket },
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: { 'Fn::Join': ['', [bucket, '/*']] },
      },
      {
        Effect: 'Allow',
        Action: [
          'logs:CreateLogGroup',
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          'logs:DescribeLogStreams',
        ],
        Resource: { 'Fn::Sub': 'arn:${AWS::Partition}:logs:*:${AWS::AccountId}:log-group:/aws/braket*' },
      },
      {
        Effect: 'Allow',
        Action: [
          'braket:CreateQuantumTask',
          'braket:GetQuantumTask',
          'braket:CancelQuantumTask',
          'braket:GetDevice',
          'braket:SearchDevices',
        ],
        Resource: '*',
      },
      { Effect: 'Allow', Action: 'ecr:GetAuthorizationToken', Resource: '*' },
      {
        Effect: 'Allow',
        Action: ['ecr:BatchGetImage', 'ecr:GetDownloadUrlForLayer', 'ecr:BatchCheckLayerAvailability'],
        Resource: { 'Fn::Sub': `arn:\${AWS::Partition}:ecr:*:${platformAccountId}:repository/*` },
      },
    ],
  };
}

/**
 * The CloudFormation template of everything a hybrid job needs in the user's account: HI-VQE-Access-Role,
 * which the platform's account assumes only with the user's external id (Braket and S3); the execution role
 * the jobs run with (service-role/AmazonBraketJobsExecutionRole, trusted by Braket in this account); and the
 * job bucket of the stack's region. The last two exist already where Braket's console was set up once, so each
 * has a parameter to leave it out (docs/braket.md says what to add to an existing role then).
 */
export function accessRoleTemplate({ accountId, platformAccountId, externalId }: AccessRoleTemplateInput) {
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `${BRAND.product}: the role ${BRAND.product} assumes to run ${BRAND.quantumService} hybrid jobs, their execution role and bucket. Deploy it in ${BRAND.cloud} account ${accountId}, in the region the jobs run in.`,
    Parameters: {
      CreateExecutionRole: choice(
        `false when the account already has role service-role/${EXECUTION_ROLE_SHORT_NAME} (Braket's console creates it); add this template's execution policy to it.`,
      ),
      CreateJobBucket: choice(
        `false when the bucket ${BRAND.serviceBucketPrefix}-<region>-<account> already exists (Braket's console creates it).`,
      ),
    },
    Conditions: { MakeExecutionRole: yes('CreateExecutionRole'), MakeJobBucket: yes('CreateJobBucket') },
    Resources: {
      [ACCESS_ROLE_LOGICAL_ID]: {
        Type: 'AWS::IAM::Role',
        Properties: {
          RoleName: ACCESS_ROLE_NAME,
          AssumeRolePolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Principal: { AWS: `arn:aws:iam::${platformAccountId}:root` },
                Action: 'sts:AssumeRole',
                Condition: { StringEquals: { 'sts:ExternalId': externalId } },
              },
            ],
          },
          ManagedPolicyArns: [...ACCESS_ROLE_POLICY_ARNS],
        },
      },
      [EXECUTION_ROLE_LOGICAL_ID]: {
        Type: 'AWS::IAM::Role',
        Condition: 'MakeExecutionRole',
        Properties: {
          RoleName: EXECUTION_ROLE_SHORT_NAME,
          Path: EXECUTION_ROLE_PATH,
          AssumeRolePolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Principal: { Service: 'braket.amazonaws.com' },
                Action: 'sts:AssumeRole',
                Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
              },
            ],
          },
          Policies: [{ PolicyName: 'hivqe-braket-job', PolicyDocument: executionPolicy(platformAccountId) }],
        },
      },
      [JOB_BUCKET_LOGICAL_ID]: {
        Type: 'AWS::S3::Bucket',
        Condition: 'MakeJobBucket',
        // Job results outlive the stack: deleting it leaves the bucket and what it holds.
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: {
          BucketName: JOB_BUCKET_NAME,
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
          BucketEncryption: {
            ServerSideEncryptionConfiguration: [
              { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
            ],
          },
        },
      },
    },
    Outputs: {
      RoleArn: {
        Description: `Enter this account's ID in ${BRAND.product}; the role ARN is derived from it.`,
        Value: { 'Fn::GetAtt': [ACCESS_ROLE_LOGICAL_ID, 'Arn'] },
      },
    },
  };
}

/** The template as the downloaded file holds it. */
export const accessRoleTemplateJson = (input: AccessRoleTemplateInput) =>
  `${JSON.stringify(accessRoleTemplate(input), null, 2)}\n`;
