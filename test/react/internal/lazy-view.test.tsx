// lazyView: a view whose code loads on first use, shown as soon as it is in (not held back by
// React's reveal throttle of Suspense), rendered whole on the server and hydrated as it is.
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyView } from '../../../src/react/internal/lazy-view';
import { recordBudget } from '../../support/budgets';

function Greeting({ name }: { name: string }) {
  return <p className="greeting">Hello, {name}</p>;
}

/** A module that arrives when `arrive` is called (or fails when `fail` is). */
function slowModule() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const module = new Promise<typeof Greeting>((resolve, reject) => {
    arrive = () => resolve(Greeting);
    fail = reject;
  });
  return { load: () => module, arrive: () => act(async () => arrive()), fail };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const waiting = <p>Waiting</p>;

describe('lazyView', () => {
  it('shows the fallback, then the view as soon as its code is in, not 300 ms after the fallback', async () => {
    const module = slowModule();
    const View = lazyView(module.load);
    render(<View props={{ name: 'Erin' }} fallback={waiting} />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    const started = performance.now();
    await module.arrive();
    await screen.findByText('Hello, Erin', {}, { interval: 5 });
    // Through Suspense alone this is React's FALLBACK_THROTTLE_MS (300 ms): under 150 ms, held
    // by the budgets run (a busy machine must not fail `npm test`).
    recordBudget({
      id: 'lazyView shows its view as its code arrives',
      ms: performance.now() - started,
      budgetMs: 150,
      rerun: { file: 'test/react/internal/lazy-view.test.tsx', project: 'dom', test: 'as soon as its code is in' },
    });
    // Once loaded, a second view shows at once: no fallback at all.
    render(<View props={{ name: 'Elias' }} fallback={<p>Second waiting</p>} />);
    expect(screen.getByText('Hello, Elias')).toBeInTheDocument();
    expect(screen.queryByText('Second waiting')).toBeNull();
  });

  it('a failed load reaches the error boundary', async () => {
    const module = slowModule();
    const View = lazyView(module.load);
    render(
      <Boundary>
        <View props={{ name: 'Erin' }} fallback={waiting} />
      </Boundary>,
    );
    await act(async () => module.fail(new Error('chunk failed')));
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk failed');
  });

  it('a server render waits for the view; hydration keeps its nodes, with the code loaded and still loading', async () => {
    const Server = lazyView(async () => Greeting);
    const { prelude } = await prerender(<Server props={{ name: 'Erin' }} fallback={waiting} />);
    const html = await new Response(prelude).text();
    expect(html).toContain('Hello, <!-- -->Erin');
    for (const loadedFirst of [true, false]) {
      const module = slowModule();
      const View = lazyView(module.load);
      if (loadedFirst) {
        render(<View props={{ name: 'Warm' }} fallback={waiting} />);
        await module.arrive();
        document.body.replaceChildren();
      }
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const node = container.querySelector('.greeting');
      const errors: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(container, <View props={{ name: 'Erin' }} fallback={waiting} />, {
          onRecoverableError: (error) => errors.push(error),
        }),
      );
      if (!loadedFirst) await module.arrive();
      expect(errors).toEqual([]);
      expect(container.querySelector('.greeting')).toBe(node);
      expect(node).toHaveTextContent('Hello, Erin');
      act(() => root.unmount());
      container.remove();
    }
  });
});
