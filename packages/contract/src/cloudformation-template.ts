import { ACCESS_ROLE_NAME } from './account-settings.ts';
import { BRAND } from './brand.ts';

/** The file Account Settings downloads: 'hi-vqe-' + the template service's name + '-template.json' (spec 2.9). */
export const CLOUDFORMATION_TEMPLATE_FILENAME = `hi-vqe-${BRAND.templateService}-template.json`;
export const ACCESS_ROLE_LOGICAL_ID = 'HIVQEAccessRole';
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

/**
 * The CloudFormation template of the access role: deployed in the user's account, it lets the platform's
 * account assume HI-VQE-Access-Role only with the user's external id, and grants Braket and S3.
 */
export function accessRoleTemplate({ accountId, platformAccountId, externalId }: AccessRoleTemplateInput) {
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `${BRAND.product}: the role ${BRAND.product} assumes to run ${BRAND.quantumService} hybrid jobs. Deploy it in ${BRAND.cloud} account ${accountId}.`,
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
