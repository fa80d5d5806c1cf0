import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFetch, testAppConfig } from '../../test/app-config';
import { inlineBootstrap, removeBootstrap } from '../../test/page-bootstrap';
import { testQueryClient } from '../../test/render';
import { useProductName } from './get-app-config';

function ProductName() {
  return <p>{useProductName()}</p>;
}

function renderName() {
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ProductName />
    </QueryClientProvider>,
  );
}

/** A fetch answering GET /app/config with a name of its own, recording every call. */
function stubConfigFetch(name: string) {
  const fetchMock = vi.fn(configFetch(testAppConfig({ name })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  removeBootstrap();
});

describe('app configuration', () => {
  it('comes from the page when the server filled it in: no request, the first render already has it', () => {
    const fetchMock = stubConfigFetch('From the API');
    inlineBootstrap({ lang: 'zh', config: testAppConfig({ name: 'From the page' }) });
    renderName();
    // The same in every language: the page's language does not have to match.
    expect(screen.getByText('From the page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is asked of the API when the page carries none', async () => {
    const fetchMock = stubConfigFetch('From the API');
    inlineBootstrap({ lang: 'en' });
    renderName();
    expect(screen.getByText('Cliffhanger')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('From the API')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is taken from the page once: a second client asks the API', async () => {
    inlineBootstrap({ lang: 'en', config: testAppConfig({ name: 'From the page' }) });
    renderName();
    expect(screen.getByText('From the page')).toBeTruthy();
    const fetchMock = stubConfigFetch('From the API');
    renderName();
    await waitFor(() => expect(screen.getByText('From the API')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
