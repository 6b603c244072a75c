import { BRAND } from '@hivqe/contract';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { displayName } from '../../features/auth/session-user.ts';

export function TopBar() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();

  async function signOut() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
      <Link to="/" className="flex items-center gap-3">
        <Logo />
        <div>
          <p className="text-base font-semibold text-slate-900">{BRAND.product}</p>
          <p className="text-xs text-slate-500">Quantum Computing Platform</p>
        </div>
      </Link>
      <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="min-w-0 break-all text-slate-600">Welcome, {displayName(user)}</span>
        <Link to="/about" className="font-medium text-accent-600 hover:underline">
          About
        </Link>
        <Button variant="secondary" onClick={signOut}>
          Logout
        </Button>
      </div>
    </header>
  );
}
