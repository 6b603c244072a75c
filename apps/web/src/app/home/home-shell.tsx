import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { usePermissionsQuery } from '../../features/auth/api/get-permissions.ts';
import { isSystemAdmin } from '../../features/auth/permissions.ts';
import { SECTION_PARAM, sectionFromParam, type SectionId } from './sections.ts';
import { SectionContent } from './section-content.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

/** `defaultSection`: what the shell shows without a `section` parameter (/admin: users, /logs: logs). */
export function HomeShell({ defaultSection }: { defaultSection?: SectionId }) {
  const { permissions } = useAuth();
  // accounts.md 2.7: opening the shell reloads the user's permissions.
  usePermissionsQuery();
  const [searchParams] = useSearchParams();
  const section = sectionFromParam(searchParams.get(SECTION_PARAM), defaultSection);

  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <div className="flex flex-1 flex-col md:flex-row">
        <SideMenu current={section} showSystemAdminItems={isSystemAdmin(permissions)} />
        <main className="min-w-0 flex-1 p-4 sm:p-8">
          <Suspense fallback={<StatusMessage>Loading...</StatusMessage>}>
            <SectionContent section={section} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
