import { describe, expect, it } from 'vitest';
import {
  ACCESS_ROLE_LOGICAL_ID,
  accessRoleTemplate,
  accessRoleTemplateJson,
  CLOUDFORMATION_TEMPLATE_FILENAME,
} from './cloudformation-template.ts';

const input = { accountId: '123456789012', platformAccountId: '111122223333', externalId: 'hivqe-abc' };

describe('the access role template', () => {
  it("is named after the template service: 'hi-vqe-cloudformation-template.json'", () => {
    expect(CLOUDFORMATION_TEMPLATE_FILENAME).toBe('hi-vqe-cloudformation-template.json');
  });

  it('defines HI-VQE-Access-Role, trusted by the platform account under the external id, with Braket and S3', () => {
    const template = JSON.parse(accessRoleTemplateJson(input));
    expect(template.AWSTemplateFormatVersion).toBe('2010-09-09');
    expect(template.Description).toContain('123456789012');
    expect(Object.keys(template.Resources)).toEqual([ACCESS_ROLE_LOGICAL_ID]);
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

  it('is the JSON of the template object, indented, ending in a newline', () => {
    const text = accessRoleTemplateJson(input);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(accessRoleTemplate(input));
    expect(text).toContain('\n  "AWSTemplateFormatVersion"');
  });
});
