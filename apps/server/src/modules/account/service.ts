import { randomBytes } from 'node:crypto';
import {
  accessRoleArn,
  API_KEY_VISIBLE_CHARS,
  DEFAULT_JOB_REGION,
  SETTINGS_MESSAGES,
  type AccountSettingsResponse,
  type ConnectionTestResponse,
  type HybridJobBackend,
  type SettingsProvider,
} from '@hivqe/contract';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import type { RoleAccessChecker } from '../../providers/aws/role-access.ts';
import type { SecretBox } from '../../providers/secrets/secret-box.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import type { AuthRepo, UserRow } from '../auth/repo.ts';
import { presentSettings } from './presenters.ts';
import type { AccountSettingsRepo } from './repo.ts';
import { sealContext } from './sealed-fields.ts';

/** The cloud account a user's Braket jobs run in: their own, or the platform's (local back end only). */
export interface CloudAccount {
  source: 'user' | 'platform';
  accountId: string;
  region: string;
  roleArn: string;
  /** Null for the platform's own account, which needs no role assumption. */
  externalId: string | null;
}

export interface SettingsChanges {
  cloud?: { accountId: string; region: string };
  iqmApiKey?: string;
}

export interface AccountSettingsServiceDeps {
  repo: AccountSettingsRepo;
  users: AuthRepo;
  /** Seals the external ids and API keys at rest. */
  box: SecretBox;
  audit: AuditLog;
  /** The principal customers' access roles trust (PLATFORM_AWS_ACCOUNT_ID). */
  platformAccountId: string;
  /** The account jobs use for users without settings of their own; null when the deployment runs real Braket. */
  platformDefaultAccountId: string | null;
  /** Assumes customers' roles (Test connection); absent with the local back end. */
  roleAccess?: RoleAccessChecker;
  /** JOB_BACKEND: where new cloud jobs run, so the forms show the account and bucket they really use. */
  hybridJobBackend: HybridJobBackend;
}

const newExternalId = () => `hivqe-${randomBytes(16).toString('hex')}`;

/**
 * Users' AWS and IQM settings (accounts.md 2.9, 7.3). A user reads and changes their own; a system administrator
 * also anyone's, by e-mail. Secrets are sealed at rest; the IQM key never leaves whole.
 */
export class AccountSettingsService {
  constructor(private readonly deps: AccountSettingsServiceDeps) {}

  async read(actor: Actor, userEmail: string | undefined): Promise<AccountSettingsResponse> {
    return this.present(await this.target(actor, userEmail));
  }

  async update(
    actor: Actor,
    userEmail: string | undefined,
    changes: SettingsChanges,
  ): Promise<AccountSettingsResponse> {
    const target = await this.target(actor, userEmail);
    const { box } = this.deps;
    await this.deps.repo.transaction(async (repo) => {
      const audit = this.deps.audit.within(repo);
      if (changes.cloud) {
        await repo.saveAws({
          userId: target.id,
          accountId: changes.cloud.accountId,
          region: changes.cloud.region,
          externalIdSealed: box.seal(newExternalId(), sealContext(target.id, 'external_id')),
        });
        await audit.record(actor, 'settings.update', settingsTarget(target), {
          provider: 'aws',
          account_id: changes.cloud.accountId,
          aws_region: changes.cloud.region,
        });
      }
      if (changes.iqmApiKey !== undefined) {
        await repo.saveIqm({
          userId: target.id,
          apiKeySealed: box.seal(changes.iqmApiKey, sealContext(target.id, 'iqm_api_key')),
          apiKeyLast10: changes.iqmApiKey.slice(-API_KEY_VISIBLE_CHARS),
        });
        await audit.record(actor, 'settings.update', settingsTarget(target), { provider: 'iqm' });
      }
    });
    return this.present(target);
  }

  async remove(
    actor: Actor,
    userEmail: string | undefined,
    provider: SettingsProvider,
  ): Promise<AccountSettingsResponse> {
    const target = await this.target(actor, userEmail);
    await this.deps.repo.transaction(async (repo) => {
      const deleted = provider === 'aws' ? await repo.deleteAws(target.id) : await repo.deleteIqm(target.id);
      if (!deleted) {
        throw notFound(provider === 'aws' ? SETTINGS_MESSAGES.cloudNotFound : SETTINGS_MESSAGES.iqmNotFound);
      }
      await this.deps.audit
        .within(repo)
        .record(actor, 'settings.delete', settingsTarget(target), { provider });
    });
    return this.present(target);
  }

  /** Assumes the user's own role with their external id, as Braket jobs will. */
  async testConnection(actor: Actor, userEmail: string | undefined): Promise<ConnectionTestResponse> {
    const target = await this.target(actor, userEmail);
    const { roleAccess } = this.deps;
    if (!roleAccess) throw conflict(SETTINGS_MESSAGES.connectionTestUnavailable);
    const own = await this.ownCloudAccount(target.id);
    if (!own) throw notFound(SETTINGS_MESSAGES.cloudNotFound);
    const result = await roleAccess.check({ roleArn: own.roleArn, externalId: own.externalId });
    return result.ok
      ? { success: true, message: `${SETTINGS_MESSAGES.connectionSucceeded} (${result.assumedRoleArn})` }
      : { success: false, message: `${result.errorCode}: ${result.message}` };
  }

  /**
   * For the jobs module: the account a user's cloud jobs run in. Their own settings first; without them the
   * platform's default account (local back end only); otherwise 404 'AWS account configuration not found'.
   */
  async cloudAccountFor(userId: string): Promise<CloudAccount> {
    const account = (await this.ownCloudAccount(userId)) ?? this.platformAccount();
    if (!account) throw notFound(SETTINGS_MESSAGES.cloudNotFound);
    return account;
  }

  private async present(user: UserRow): Promise<AccountSettingsResponse> {
    const [cloud, iqm] = await Promise.all([
      this.ownCloudAccount(user.id).then((own) => own ?? this.platformAccount()),
      this.deps.repo.findIqm(user.id),
    ]);
    return presentSettings({
      email: user.email,
      cloud,
      iqmKeyLast10: iqm?.apiKeyLast10 ?? null,
      platformAccountId: this.deps.platformAccountId,
      connectionTestAvailable: this.deps.roleAccess !== undefined,
      hybridJobBackend: this.deps.hybridJobBackend,
    });
  }

  private async ownCloudAccount(userId: string): Promise<(CloudAccount & { externalId: string }) | null> {
    const row = await this.deps.repo.findAws(userId);
    if (!row) return null;
    return {
      source: 'user',
      accountId: row.accountId,
      region: row.region,
      roleArn: accessRoleArn(row.accountId),
      externalId: this.deps.box.open(row.externalIdSealed, sealContext(userId, 'external_id')),
    };
  }

  private platformAccount(): CloudAccount | null {
    const accountId = this.deps.platformDefaultAccountId;
    if (accountId === null) return null;
    return {
      source: 'platform',
      accountId,
      region: DEFAULT_JOB_REGION,
      roleArn: accessRoleArn(accountId),
      externalId: null,
    };
  }

  /** Whose settings a call is about: the caller's own unless a system administrator names someone else. */
  private async target(actor: Actor, userEmail: string | undefined): Promise<UserRow> {
    if (!userEmail || userEmail === actor.user.email) return actor.user;
    if (!actor.user.isSystemAdmin) throw forbidden(SETTINGS_MESSAGES.otherUserForbidden);
    const user = await this.deps.users.findUserByLogin(userEmail);
    if (!user) throw notFound(SETTINGS_MESSAGES.userNotFound);
    return user;
  }
}

const settingsTarget = (user: UserRow) => ({ type: 'settings' as const, id: user.id, label: user.email });
