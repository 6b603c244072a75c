import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { SECTIONS, sectionSearch, type Section } from './sections.ts';

interface SideMenuProps {
  current: Section;
  showSystemAdminItems: boolean;
}

interface SectionLinkProps extends Omit<ComponentProps<typeof Link>, 'to'> {
  section: Section;
  isCurrent: boolean;
}

/** One section's item, in the sidebar or (given the menu item's props and ref) in the compact menu. */
function SectionLink({ section, isCurrent, className = '', ...link }: SectionLinkProps) {
  return (
    <Link
      {...link}
      to={{ search: sectionSearch(section) }}
      aria-current={isCurrent ? 'page' : undefined}
      className={`block rounded-md px-3 py-2 text-sm font-medium ${
        isCurrent ? 'bg-accent-50 text-accent-700' : 'text-slate-600 hover:bg-slate-50'
      } ${className}`}
    >
      {section.label}
    </Link>
  );
}

/**
 * The home sections: a sidebar from the md breakpoint, below it a bar whose Menu button opens the same items
 * as a menu (Radix: arrow keys, Escape, focus back on the button), so the page fits 360 px (issue 12 §5).
 */
export function SideMenu({ current, showSystemAdminItems }: SideMenuProps) {
  const items = SECTIONS.filter(
    (section) => section.inMenu && (showSystemAdminItems || !section.systemAdminOnly),
  );
  return (
    <>
      <nav
        aria-label="Main menu"
        className="hidden w-56 shrink-0 border-r border-slate-200 bg-white p-3 md:block"
      >
        <ul className="space-y-1">
          {items.map((section) => (
            <li key={section.id}>
              <SectionLink section={section} isCurrent={section.id === current.id} />
            </li>
          ))}
        </ul>
      </nav>
      {/* A landmark like the sidebar it stands for, so all it shows is inside one (axe 'region'). */}
      <nav
        aria-label="Sections"
        className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 md:hidden"
      >
        {/* Not modal: a modal menu locks scrolling with an injected <style>, which the CSP refuses. Not in a
            portal: rendered here, the open menu is inside this landmark too. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Menu
          </DropdownMenu.Trigger>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-40 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            {items.map((section) => (
              <DropdownMenu.Item key={section.id} asChild>
                <SectionLink
                  section={section}
                  isCurrent={section.id === current.id}
                  className="outline-none data-[highlighted]:bg-slate-100"
                />
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
        <span className="text-sm font-medium text-slate-900">{current.label}</span>
      </nav>
    </>
  );
}
