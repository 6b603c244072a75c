import { BRAND } from '@hivqe/contract';

/**
 * The home shell's menu. A section is addressed by the `section` query parameter on the shell's own path
 * (`/?section=account`, `/admin?section=users`), so every menu item can be deep-linked; none means Dashboard.
 */
export const SECTION_PARAM = 'section';

export const SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', systemAdminOnly: false },
  { id: 'account', label: 'Account', systemAdminOnly: false },
  { id: 'organizations', label: 'Organizations', systemAdminOnly: false },
  { id: 'users', label: 'User Management', systemAdminOnly: true },
  { id: 'invitations', label: 'Invitations', systemAdminOnly: true },
  { id: 'iqm', label: BRAND.vendor, systemAdminOnly: true },
] as const;

export type Section = (typeof SECTIONS)[number];

export function sectionFromParam(value: string | null): Section {
  return SECTIONS.find((section) => section.id === value) ?? SECTIONS[0];
}

/** The search string that selects a section; Dashboard is the bare path. */
export function sectionSearch(section: Section): string {
  return section === SECTIONS[0] ? '' : `?${SECTION_PARAM}=${section.id}`;
}
