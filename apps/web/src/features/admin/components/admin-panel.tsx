import { AdminJobsSection } from './admin-jobs-section.tsx';
import { AuthHistorySection } from './auth-history-section.tsx';
import { UserManagementSection } from './user-management-section.tsx';

/**
 * accounts.md 2.10: user management and every user's authentication history, for system administrators; and
 * every user's active jobs, which an administrator may cancel (issue 24 §5).
 */
export function AdminPanel() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Admin Panel</h1>
        <p className="mt-1 text-sm text-slate-500">System administration and user management</p>
      </div>
      <UserManagementSection />
      <AdminJobsSection />
      <AuthHistorySection />
    </div>
  );
}
