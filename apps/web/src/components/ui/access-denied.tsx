import type { ReactNode } from 'react';

export function AccessDenied({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-md space-y-3 p-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Access Denied</h2>
      <p className="text-sm text-slate-600">{message}</p>
      {children}
    </div>
  );
}
