import {
  ADMIN_JOBS_LIMIT,
  ADMIN_MESSAGES,
  type AdminJobsResponse,
  type AdminHistoryQuery,
  type AdminUser,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type HistoryResponse,
} from '@hivqe/contract';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import { AuthRepo, type UserRow } from '../auth/repo.ts';
import { presentAuthEvent } from '../auth/service.ts';
import { assertAnotherAdmin, type AccountRemoval } from './account-removal.ts';
import { presentAdminJob, presentAdminUser } from './presenters.ts';
import type { AdminRepo } from './repo.ts';

export interface AdminServiceDeps {
  repo: AdminRepo;
  removal: AccountRemoval;
  audit: AuditLog;
}

/** User management for system administrators (the routes' guard makes sure of that). */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  async users(query: AdminUsersQuery): Promise<AdminUsersResponse> {
    const rows = await this.deps.repo.users({
      after: query.next_token === undefined ? undefined : decodeNextToken(query.next_token),
      limit: query.limit + 1,
      search: query.search,
    });
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return {
      users: await this.present(page),
      next_token: more ? Buffer.from(page[page.length - 1].email).toString('base64url') : null,
    };
  }

  async deleteUser(actor: Actor, login: string): Promise<{ message: string }> {
    const target = await this.user(login);
    if (target.id === actor.user.id) throw badRequest(ADMIN_MESSAGES.deleteSelf);
    await this.deps.removal.remove(actor, target);
    return { message: ADMIN_MESSAGES.userDeleted };
  }

  /** An administrator may step down while another remains; the last one cannot be removed. */
  async setSystemAdmin(actor: Actor, login: string, isSystemAdmin: boolean): Promise<AdminUser> {
    const target = await this.user(login);
    const updated = await this.deps.repo.transaction(async (repo) => {
      if (!isSystemAdmin) await assertAnotherAdmin(repo, target.id);
      return repo.peer(AuthRepo).updateUser(target.id, { isSystemAdmin });
    });
    if (updated.isSystemAdmin !== target.isSystemAdmin) {
      await this.deps.audit.record(
        actor,
        'user.system_admin',
        { type: 'user', id: target.username, label: target.email },
        { is_system_admin: isSystemAdmin },
      );
    }
    const [user] = await this.present([updated]);
    return user;
  }

  async jobs(): Promise<AdminJobsResponse> {
    const rows = await this.deps.repo.unfinishedJobs(ADMIN_JOBS_LIMIT);
    return { jobs: rows.map(({ job, ownerEmail }) => presentAdminJob(job, ownerEmail)) };
  }

  async history(query: AdminHistoryQuery): Promise<HistoryResponse> {
    const { rows, total } = await this.deps.repo.history(
      query.search,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { events: rows.map(presentAuthEvent), current_page: query.page, total };
  }

  private async user(login: string): Promise<UserRow> {
    const user = await this.deps.repo.peer(AuthRepo).findUserByLogin(login);
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    return user;
  }

  private async present(rows: UserRow[]): Promise<AdminUser[]> {
    const memberships = await this.deps.repo.organizationsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      presentAdminUser(
        row,
        memberships.filter((membership) => membership.userId === row.id),
      ),
    );
  }
}

/** The token is the last e-mail address of the previous page, base64url-encoded. */
function decodeNextToken(token: string): string {
  const email = Buffer.from(token, 'base64url').toString('utf8');
  if (!email.includes('@') || Buffer.from(email).toString('base64url') !== token) {
    throw badRequest(ADMIN_MESSAGES.invalidNextToken);
  }
  return email;
}
