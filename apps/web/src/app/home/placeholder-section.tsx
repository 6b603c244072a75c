/** A menu item whose screen is not built yet: its title and nothing that pretends to work. */
export function PlaceholderSection({ title }: { title: string }) {
  return <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>;
}
