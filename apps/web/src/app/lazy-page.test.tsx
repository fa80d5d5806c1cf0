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
    startPage('/started', load);
    expect(load).toHaveBeenCalledTimes(1);
    const Page = lazyPage('/started', load);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    startPage('/started', load); // already a page: nothing to start
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed early fetch to the page, which reports it when it renders', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    startPage('/failing', load);
    await Promise.resolve(); // no unhandled rejection
    expect(load).toHaveBeenCalledTimes(1);
  });
});
