import { Panel } from '../../../components/ui/panel.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { capabilities, systemRoleLabel } from '../role-summary.ts';

const ROLE_DESCRIPTIONS = [
  ['System Admin', 'Full platform access and user management.'],
  ['Organization Owner', 'Manage specific organizations and their members.'],
  ['Organization Member', 'Access to organization resources.'],
  ['User', 'Basic platform access.'],
] as const;

export function RolesPermissionsSection({ organizationCount }: { organizationCount: number }) {
  const { permissions } = useAuth();
  return (
    <Panel title="Roles & Permissions">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">System Role</dt>
          <dd className="mt-0.5 text-sm font-medium text-slate-900">{systemRoleLabel(permissions)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Organizations</dt>
          <dd className="mt-0.5 text-sm text-slate-900">{organizationCount}</dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-medium text-slate-700">Permissions</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {capabilities(permissions).map(({ label, granted }) => (
            <li key={label} className="flex justify-between rounded-md bg-slate-50 px-3 py-1.5">
              <span>{label}</span>
              <span className={granted ? 'text-green-700' : 'text-slate-600'}>{granted ? 'Yes' : 'No'}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-700">Role descriptions</h3>
        <dl className="mt-2 space-y-1 text-sm">
          {ROLE_DESCRIPTIONS.map(([role, description]) => (
            <div key={role} className="flex gap-2">
              <dt className="font-medium text-slate-900">{role}:</dt>
              <dd className="text-slate-600">{description}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Panel>
  );
}
