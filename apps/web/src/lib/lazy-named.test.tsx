import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyNamed, preloadAll } from './lazy-named.tsx';

const Inner = () => <p>inner</p>;
/** Declared only once Outer's module has loaded, as the sign-in page declares its dialogs. */
let LateInner: ReturnType<typeof lazyNamed<'Inner', object>> | undefined;

const Outer = lazyNamed(async () => {
  LateInner = lazyNamed(async () => ({ Inner }), 'Inner');
  return { Outer: () => <p>outer</p> };
}, 'Outer');

describe('lazyNamed', () => {
  it('suspends before its module has loaded, then shows the component', async () => {
    const Late = lazyNamed(async () => ({ Late: () => <p>late</p> }), 'Late');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Late />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('late')).toBeInTheDocument();
  });

  it('preloadAll also loads what a loaded module declares, so both render without a Suspense round', async () => {
    await preloadAll();
    const Declared = LateInner;
    if (!Declared) throw new Error("Outer's module did not load");
    render(
      <Suspense fallback={<p>loading</p>}>
        <Outer />
        <Declared />
      </Suspense>,
    );
    expect(screen.getByText('outer')).toBeInTheDocument();
    expect(screen.getByText('inner')).toBeInTheDocument();
  });
});
