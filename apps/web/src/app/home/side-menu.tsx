import { Link } from 'react-router';
import { SECTIONS, sectionSearch, type Section } from './sections.ts';

interface SideMenuProps {
  current: Section;
  showSystemAdminItems: boolean;
}

export function SideMenu({ current, showSystemAdminItems }: SideMenuProps) {
  const items = SECTIONS.filter(
    (section) => section.inMenu && (showSystemAdminItems || !section.systemAdminOnly),
  );
  return (
    <nav aria-label="Main menu" className="w-56 shrink-0 border-r border-slate-200 bg-white p-3">
      <ul className="space-y-1">
        {items.map((section) => {
          const isCurrent = section.id === current.id;
          return (
            <li key={section.id}>
              <Link
                to={{ search: sectionSearch(section) }}
                aria-current={isCurrent ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${
                  isCurrent ? 'bg-accent-50 text-accent-700' : 'text-slate-600 hover:bg-slate-50'
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
