import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, startPage } from './lazy-page';

function Hello() {
  return <p>hello</p>;
}

describe('startPage', () => {
  it('fetches the code once, before render, and the lazy page takes the fetch over', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    void startPage('/started', load);
    expect(load).toHaveBeenCalledTimes(1);
    const Page = lazyPage('/started', load);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    void startPage('/started', load); // already a page: nothing to start
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a page whose code has arrived at once, where a page still loading shows the fallback', async () => {
    await startPage('/arrived', () => Promise.resolve(Hello));
    const Arrived = lazyPage('/arrived', () => Promise.resolve(Hello));
    const { unmount } = render(
      <Suspense fallback={<p>loading</p>}>
        <Arrived />
      </Suspense>,
    );
    // No fallback in between: React would hold a revealed boundary back for its minimum time.
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    unmount();

    const Loading = lazyPage('/not-yet', () => Promise.resolve(Hello));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Loading />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello')).toBeInTheDocument();
  });

  it('leaves a failed early fetch to the page, which reports it when it renders', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    void startPage('/failing', load);
    await Promise.resolve(); // no unhandled rejection
    expect(load).toHaveBeenCalledTimes(1);
  });
});
