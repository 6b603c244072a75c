import { BRAND } from '@hivqe/contract';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { CurrentUserCard } from './current-user-card.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function AboutPage() {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <nav aria-label="Main menu" className="flex items-center gap-4">
          <Logo />
          <Link to="/" className="text-sm font-medium text-accent-600 hover:underline">
            Home
          </Link>
        </nav>
        <ThemeToggle />
      </header>
      <main className="mx-auto max-w-3xl space-y-6 p-8">
        <h1 className="text-2xl font-semibold text-slate-900">About {BRAND.product}</h1>
        <Panel title="HI-VQE">
          <p className="text-sm leading-6 text-slate-700">
            HI-VQE is a hybrid iterative variational quantum eigensolver: a hybrid quantum-classical
            optimisation app with multiple quantum backends, real-time monitoring and error mitigation.
          </p>
          <p className="text-sm leading-6 text-slate-700">
            Researchers and engineers use this console to compute ground-state energies of molecules. They
            enter a molecule geometry, an orbital configuration, a basis set, an ansatz and algorithm
            parameters, pick a quantum device or simulator on {BRAND.quantumService} or {BRAND.vendorCloud},
            then submit, monitor, clone and cancel VQE and VQD jobs.
          </p>
        </Panel>
        <CurrentUserCard />
      </main>
    </div>
  );
}
