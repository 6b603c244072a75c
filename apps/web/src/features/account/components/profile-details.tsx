import type { ProfileResponse } from '@hivqe/contract';

export function ProfileDetails({ profile }: { profile: ProfileResponse }) {
  const rows = [
    ['Email', profile.email],
    ['Email Status', profile.email_verified ? 'Verified' : 'Not verified'],
    ['Full Name', profile.name ?? 'Not set'],
    ['Phone Number', profile.phone_number ?? 'Not set'],
    ['Username', profile.username],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-sm break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
