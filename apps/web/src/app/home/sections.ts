import { BRAND } from '@hivqe/contract';

/**
 * The home shell's menu. A section is addressed by the `section` query parameter on the shell's own path
 * (`/?section=account`, `/admin?section=users`), so every menu item can be deep-linked; none means Dashboard.
 */
export const SECTION_PARAM = 'section';

export const SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', systemAdminOnly: false, inMenu: true },
  { id: 'account', label: 'Account', systemAdminOnly: false, inMenu: true },
  { id: 'organizations', label: 'Organizations', systemAdminOnly: false, inMenu: true },
  { id: 'users', label: 'User Management', systemAdminOnly: true, inMenu: true },
  { id: 'invitations', label: 'Invitations', systemAdminOnly: true, inMenu: true },
  { id: 'iqm', label: BRAND.vendor, systemAdminOnly: true, inMenu: true },
  { id: 'logs', label: 'Audit Logs', systemAdminOnly: true, inMenu: true },
] as const;

export type Section = (typeof SECTIONS)[number];
export type SectionId = Section['id'];

/** The section a `section` parameter names, else the path's own default (Dashboard on '/'). */
export function sectionFromParam(value: string | null, fallback: SectionId = 'dashboard'): Section {
  const byId = (id: string | null) => SECTIONS.find((section) => section.id === id);
  return byId(value) ?? byId(fallback) ?? SECTIONS[0];
}

/** The search string that selects a section; Dashboard is the bare path. */
export function sectionSearch(section: Section): string {
  return section === SECTIONS[0] ? '' : `?${SECTION_PARAM}=${section.id}`;
}
