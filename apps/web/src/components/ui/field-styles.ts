/** The look of every text-like control, so selects and text areas match FormField's inputs. */
export const CONTROL_CLASS =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-accent-500 focus:ring-2 focus:ring-accent-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';
