import { ADMIN_MESSAGES, ownsOrganizationsMessage } from '@hivqe/contract';
import { conflict } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import { AuthRepo, type UserRow } from '../auth/repo.ts';
import type { AdminRepo } from './repo.ts';

export interface AccountRemovalDeps {
  repo: AdminRepo;
  audit: AuditLog;
}

/**
 * Deletes an account and what is theirs, for both self-deletion and an administrator's. Organizations the
 * user owns alone go with them; one they own with other members must be handed over or deleted first, and
 * the last system administrator stays.
 */
export class AccountRemoval {
  constructor(private readonly deps: AccountRemovalDeps) {}

  async remove(actor: Actor, target: UserRow): Promise<void> {
    await this.deps.repo.transaction(async (repo) => {
      if (target.isSystemAdmin) await assertAnotherAdmin(repo, target.id);
      const owned = await repo.lockOwnedOrganizations(target.id);
      const shared = owned.filter((org) => org.memberCount > 1);
      if (shared.length) throw conflict(ownsOrganizationsMessage(shared.map((org) => org.name)));
      // Recorded first and in the same transaction: the record keeps the e-mail once the user row is gone.
      await this.deps.audit
        .within(repo)
        .record(
          actor,
          'user.delete',
          { type: 'user', id: target.username, label: target.email },
          { deleted_organizations: owned.map((org) => org.name) },
        );
      await repo.deleteOrganizations(owned.map((org) => org.id));
      await repo.peer(AuthRepo).deleteUser(target.id);
    });
  }
}

/** Refuses when `userId` is the only system administrator left; the caller's transaction holds the lock. */
export async function assertAnotherAdmin(repo: AdminRepo, userId: string): Promise<void> {
  const admins = await repo.lockSystemAdmins();
  if (!admins.some((id) => id !== userId)) throw conflict(ADMIN_MESSAGES.lastAdmin);
}
