import { lazy, useState, type ComponentType } from 'react';

const preloads: (() => Promise<unknown>)[] = [];

/**
 * A component whose module loads on first use. Once its module is in, a newly mounted one renders at once, with
 * no Suspense round; an instance keeps the component it mounted with, so nothing below it remounts.
 */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load().then((module): ComponentType<Props> => (loaded = module[name])));
  preloads.push(preload);
  const Suspending = lazy<ComponentType<Props>>(() =>
    preload().then((component) => ({ default: component })),
  );
  function Lazy(props: Props) {
    const [Component] = useState((): ComponentType<Props> => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload });
}

/**
 * Loads every lazy component, as if each had been shown once (tests render without a Suspense round). A loaded
 * module may declare lazy components of its own (the sign-in page's dialogs), so this runs until none is new.
 */
export async function preloadAll(): Promise<void> {
  for (let started = 0; started < preloads.length;) {
    const batch = preloads.slice(started);
    started = preloads.length;
    await Promise.all(batch.map((preload) => preload()));
  }
}
