import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { awsClientConfig, type AwsCallSettings } from './client-config.ts';
import type { RoleAccessChecker, RoleAccessResult } from './role-access.ts';

/** The shortest session STS grants: the check only proves the role can be assumed. */
const CHECK_SESSION_SECONDS = 900;

/** Assumes the role with STS AssumeRole, as the Braket back end will, using the platform's credentials. */
export class StsRoleAccessChecker implements RoleAccessChecker {
  private readonly sts: STSClient;

  constructor(options: { region: string; calls?: Partial<AwsCallSettings> }) {
    this.sts = new STSClient(awsClientConfig(options));
  }

  async check({ roleArn, externalId }: { roleArn: string; externalId: string }): Promise<RoleAccessResult> {
    try {
      const answer = await this.sts.send(
        new AssumeRoleCommand({
          RoleArn: roleArn,
          RoleSessionName: 'hi-vqe-connection-test',
          ExternalId: externalId,
          DurationSeconds: CHECK_SESSION_SECONDS,
        }),
      );
      return { ok: true, assumedRoleArn: answer.AssumedRoleUser?.Arn ?? roleArn };
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      return { ok: false, errorCode: error.name, message: error.message };
    }
  }
}
