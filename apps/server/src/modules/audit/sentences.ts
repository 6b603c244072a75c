import { BRAND, ROLES, type AuditAction } from '@hivqe/contract';

/** What the sentence of an entry is made from: the stored record, whatever its age. */
export interface AuditFacts {
  action: AuditAction;
  actorEmail: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
}

const ROLE_NAMES: Record<string, string> = {
  [ROLES.systemAdmin]: 'System Admin',
  [ROLES.organizationOwner]: 'Owner',
  [ROLES.organizationMember]: 'Member',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const quoted = (name: string | null) => (name === null ? 'an organization' : `"${name}"`);
const roleName = (role: unknown) => ROLE_NAMES[text(role) ?? ''] ?? 'a member';
const providerName = (provider: unknown) =>
  provider === 'iqm' ? `${BRAND.vendor} API key` : `${BRAND.cloud} settings`;

/**
 * An audit entry as a sentence whose subject is the actor, shown after the actor's e-mail address: it names the
 * member, invitee or user the change was about ("granted System Admin to ada@example.com"), and the API token
 * the change was made with, if any.
 */
export function auditSentence(entry: AuditFacts): string {
  const token = entry.details.api_token as { name?: unknown } | undefined;
  const tokenName = text(token?.name);
  return actionSentence(entry) + (tokenName ? ` with the API token "${tokenName}"` : '');
}

function actionSentence(entry: AuditFacts): string {
  const { details } = entry;
  const target = entry.targetLabel ?? entry.targetId ?? 'someone';
  const self = entry.actorEmail !== null && entry.actorEmail === entry.targetLabel;
  const org = quoted(entry.targetLabel);
  const member = text(details.email) ?? 'a member';
  const ofTarget = (thing: string) => (self ? `their ${thing}` : `the ${thing} of ${target}`);
  switch (entry.action) {
    case 'organization.create':
      return `created the organization ${org}`;
    case 'organization.rename':
      return `renamed the organization ${quoted(text(details.from))} to ${quoted(text(details.to))}`;
    case 'organization.delete': {
      const members = Array.isArray(details.members) ? details.members.length : 0;
      return `deleted the organization ${org}${members ? ` with ${members} member${members === 1 ? '' : 's'}` : ''}`;
    }
    case 'member.add':
      return `added ${member} to ${org}`;
    case 'member.remove':
      return `removed ${member} from ${org}`;
    case 'member.leave':
      return `left ${org}`;
    case 'member.role':
      return details.to === ROLES.organizationOwner
        ? `made ${member} the Owner of ${org}`
        : `made ${member} a Member of ${org}`;
    case 'member.job_permission':
      return details.can_create_jobs === true
        ? `allowed ${member} to create jobs in ${org}`
        : `stopped ${member} from creating jobs in ${org}`;
    case 'ownership.transfer':
      return text(details.to) === entry.actorEmail
        ? `accepted the ownership of ${org}${text(details.from) ? ` from ${text(details.from)}` : ''}`
        : `transferred the ownership of ${org} to ${text(details.to) ?? 'a member'}`;
    case 'ownership.request':
      return `asked ${text(details.to) ?? 'a member'} to take over the ownership of ${org}`;
    case 'ownership.decline':
      return `declined the ownership of ${org}`;
    case 'ownership.cancel':
      return `cancelled the ownership transfer request of ${org}`;
    case 'invitation.create': {
      const orgName = text(details.org_name);
      return `invited ${target} ${orgName ? `to ${quoted(orgName)} ` : ''}as ${roleName(details.role)}`;
    }
    case 'invitation.resend':
      return `resent the invitation to ${target}`;
    case 'invitation.cancel':
      return `cancelled the invitation to ${target}`;
    case 'invitation.decline': {
      const orgName = text(details.org_name);
      return `declined the invitation ${orgName ? `to ${quoted(orgName)} ` : ''}as ${roleName(details.role)}`;
    }
    case 'invitation.accept': {
      const orgName = text(details.org_name);
      return `accepted the invitation ${orgName ? `to ${quoted(orgName)} ` : ''}as ${roleName(details.role)}`;
    }
    case 'user.delete':
      return self ? 'deleted their own account' : `deleted the account of ${target}`;
    case 'user.system_admin':
      return details.is_system_admin === true
        ? `granted System Admin to ${target}`
        : `revoked System Admin from ${target}`;
    case 'priorities.update':
      return 'reordered their organization priorities';
    case 'priorities.reset':
      return 'reset their organization priorities to join order';
    case 'settings.update':
      return `updated ${ofTarget(providerName(details.provider))}`;
    case 'settings.delete':
      return `deleted ${ofTarget(providerName(details.provider))}`;
    case 'marketplace.link':
      return `linked the ${BRAND.marketplace} subscription to ${self ? 'their account' : target}`;
    case 'marketplace.simulated_subscribe':
      return `simulated an ${BRAND.marketplace} subscription for ${target}`;
    case 'marketplace.simulated_cancel':
      return `simulated cancelling the ${BRAND.marketplace} subscription of ${target}`;
    case 'job.create':
      return `created the job "${target}"${text(details.device) ? ` on ${text(details.device)}` : ''}`;
    case 'job.cancel':
      return `cancelled the job "${target}"`;
    case 'api_token.create':
      return `created the API token "${text(details.name) ?? ''}"`;
    case 'api_token.revoke':
      return `revoked ${self ? 'their' : `${target}'s`} API token "${text(details.name) ?? ''}"`;
  }
}
