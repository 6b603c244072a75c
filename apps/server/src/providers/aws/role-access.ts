/** The outcome of assuming a customer's role: the assumed role, or the error AWS answered. */
export type RoleAccessResult =
  { ok: true; assumedRoleArn: string } | { ok: false; errorCode: string; message: string };

/** Checks that the platform can assume a customer's access role with its external id (Test connection). */
export interface RoleAccessChecker {
  check(role: { roleArn: string; externalId: string }): Promise<RoleAccessResult>;
}
