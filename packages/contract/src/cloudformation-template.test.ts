import { describe, expect, it } from 'vitest';
import {
  ACCESS_ROLE_LOGICAL_ID,
  accessRoleTemplate,
  accessRoleTemplateJson,
  CLOUDFORMATION_TEMPLATE_FILENAME,
  EXECUTION_ROLE_LOGICAL_ID,
  JOB_BUCKET_LOGICAL_ID,
} from './cloudformation-template.ts';
import { BRAKET_EXECUTION_ROLE_NAME } from './jobs/braket-resources.ts';

const input = { accountId: '123456789012', platformAccountId: '111122223333', externalId: 'hivqe-abc' };

describe('the access role template', () => {
  it("is named after the template service: 'hi-vqe-cloudformation-template.json'", () => {
    expect(CLOUDFORMATION_TEMPLATE_FILENAME).toBe('hi-vqe-cloudformation-template.json');
  });

  it('defines HI-VQE-Access-Role, trusted by the platform account under the external id, with Braket and S3', () => {
    const template = JSON.parse(accessRoleTemplateJson(input));
    expect(template.AWSTemplateFormatVersion).toBe('2010-09-09');
    expect(template.Description).toContain('123456789012');
    expect(Object.keys(template.Resources)).toEqual([
      ACCESS_ROLE_LOGICAL_ID,
      EXECUTION_ROLE_LOGICAL_ID,
      JOB_BUCKET_LOGICAL_ID,
    ]);
    const role = template.Resources.HIVQEAccessRole;
    expect(role.Type).toBe('AWS::IAM::Role');
    expect(role.Properties.RoleName).toBe('HI-VQE-Access-Role');
    expect(role.Properties.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: 'arn:aws:iam::111122223333:root' },
          Action: 'sts:AssumeRole',
          Condition: { StringEquals: { 'sts:ExternalId': 'hivqe-abc' } },
        },
      ],
    });
    expect(role.Properties.ManagedPolicyArns).toEqual([
      'arn:aws:iam::aws:policy/AmazonBraketFullAccess',
      'arn:aws:iam::aws:policy/AmazonS3FullAccess',
    ]);
    expect(template.Outputs.RoleArn.Value).toEqual({ 'Fn::GetAtt': ['HIVQEAccessRole', 'Arn'] });
  });

  it('creates the execution role CreateJob names, trusted by Braket, with what the job container does', () => {
    const template = accessRoleTemplate(input);
    const role = template.Resources[EXECUTION_ROLE_LOGICAL_ID];
    expect(role.Condition).toBe('MakeExecutionRole');
    expect(`${role.Properties.Path.slice(1)}${role.Properties.RoleName}`).toBe(BRAKET_EXECUTION_ROLE_NAME);
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'braket.amazonaws.com' }, Action: 'sts:AssumeRole' }),
    ]);
    const statements = role.Properties.Policies[0].PolicyDocument.Statement;
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    for (const action of [
      's3:GetObject',
      's3:PutObject',
      's3:ListBucket',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'braket:CreateQuantumTask',
      'braket:GetQuantumTask',
      'braket:CancelQuantumTask',
      'braket:GetDevice',
      'ecr:GetAuthorizationToken',
      'ecr:BatchGetImage',
      'ecr:GetDownloadUrlForLayer',
    ])
      expect(actions).toContain(action);
    // Images are pulled from the platform's repositories only.
    expect(JSON.stringify(statements.at(-1)?.Resource)).toContain(':111122223333:repository/*');
  });

  it("creates the job bucket of the stack's region unless told it exists, and keeps it with the stack gone", () => {
    const template = accessRoleTemplate(input);
    const bucket = template.Resources[JOB_BUCKET_LOGICAL_ID];
    expect(bucket).toMatchObject({
      Type: 'AWS::S3::Bucket',
      Condition: 'MakeJobBucket',
      DeletionPolicy: 'Retain',
    });
    expect(bucket.Properties.BucketName).toEqual({
      'Fn::Sub': 'amazon-braket-${AWS::Region}-${AWS::AccountId}',
    });
    expect(template.Parameters.CreateJobBucket.AllowedValues).toEqual(['true', 'false']);
    expect(template.Conditions.MakeJobBucket).toEqual({ 'Fn::Equals': [{ Ref: 'CreateJobBucket' }, 'true'] });
  });

  it('is the JSON of the template object, indented, ending in a newline', () => {
    const text = accessRoleTemplateJson(input);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(accessRoleTemplate(input));
    expect(text).toContain('\n  "AWSTemplateFormatVersion"');
  });
});
