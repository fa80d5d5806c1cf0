import { describe, expect, it, vi } from 'vitest';
import type * as Catalogues from './catalogues';

describe('fetching a catalogue', () => {
  it('reads the JSON file, and fails on an answer that is not one', async () => {
    const { fetchCatalogue } = await vi.importActual<typeof Catalogues>('./catalogues');
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.includes('/en-')
          ? new Response(JSON.stringify({ tabBar: { home: 'Home' } }), {
              headers: { 'content-type': 'application/json' },
            })
          : new Response('missing', { status: 404 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(fetchCatalogue('/assets/en-1.json')).resolves.toEqual({ default: { tabBar: { home: 'Home' } } });
      await expect(fetchCatalogue('/assets/zh-1.json')).rejects.toThrow(/404/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
