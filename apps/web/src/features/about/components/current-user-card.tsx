import { Panel } from '../../../components/ui/panel.tsx';
import { useAuth } from '../../auth/auth-context.ts';

export function CurrentUserCard() {
  const { user, permissions } = useAuth();
  const rows = [
    ['Username', user?.username ?? ''],
    ['Email', user?.email ?? ''],
    ['Role', permissions.isAdmin ? 'Administrator' : 'User'],
  ];
  return (
    <Panel title="Current User">
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="w-24 font-medium text-slate-500">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
