import type { AuditAction, LogsQuery, LogsResponse } from '@hivqe/contract';
import type { Repo } from '../../db/repo.ts';
import type { Actor } from './actor.ts';
import { AuditRepo } from './repo.ts';
import { auditSentence } from './sentences.ts';

export interface AuditTarget {
  type:
    | 'organization'
    | 'member'
    | 'invitation'
    | 'user'
    | 'priorities'
    | 'settings'
    | 'marketplace'
    | 'job'
    | 'api_token';
  id?: string | null;
  /** A human name for the target (an organization's name, an e-mail address), kept if the target goes. */
  label?: string | null;
}

/** The record of every organization, invitation, admin and priority change (served at /logs). */
export class AuditLog {
  constructor(private readonly repo: AuditRepo) {}

  /** The log inside another repo's transaction, so the record commits or rolls back with the change. */
  within(repo: Repo): AuditLog {
    return new AuditLog(repo.peer(AuditRepo));
  }

  record(actor: Actor, action: AuditAction, target: AuditTarget, details: Record<string, unknown> = {}) {
    return this.repo.insert({
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      action,
      targetType: target.type,
      targetId: target.id ?? null,
      targetLabel: target.label ?? null,
      // A change made with an API token names it, so the owner can tell which script did what.
      details: actor.apiToken ? { ...details, api_token: actor.apiToken } : details,
      ipAddress: actor.origin.ip,
      userAgent: actor.origin.userAgent,
    });
  }

  async search(query: LogsQuery): Promise<LogsResponse> {
    const { rows, total } = await this.repo.search({
      search: query.search,
      action: query.action,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      logs: rows.map((row) => ({
        id: row.id,
        timestamp: row.createdAt.toISOString(),
        actor_email: row.actorEmail,
        action: row.action as AuditAction,
        summary: auditSentence({ ...row, action: row.action as AuditAction }),
        target_type: row.targetType,
        target_id: row.targetId,
        target_label: row.targetLabel,
        details: row.details,
        ip_address: row.ipAddress,
        user_agent: row.userAgent,
      })),
      total,
      current_page: query.page,
    };
  }
}
