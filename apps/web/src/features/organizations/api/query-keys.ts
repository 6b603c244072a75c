/** One cache family for organizations, so a change anywhere refreshes the lists and member lists. */
export const organizationKeys = {
  all: ['organizations'] as const,
  mine: () => [...organizationKeys.all, 'mine'] as const,
  members: (orgId: string) => [...organizationKeys.all, orgId, 'members'] as const,
};

/** The path of one member: the server takes the e-mail address or the username. */
export const memberPath = (orgId: string, member: string) =>
  `/auth/orgs/${orgId}/members/${encodeURIComponent(member)}`;
