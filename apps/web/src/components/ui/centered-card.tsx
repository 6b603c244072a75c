import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/** The frame of the signed-out screens: the logo over one card in the middle of the page. */
export function CenteredCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-center">
          <Logo className="h-12 w-12" />
        </div>
        <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">{children}</div>
      </div>
    </main>
  );
}
