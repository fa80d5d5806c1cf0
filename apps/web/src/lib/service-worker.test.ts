import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

function fakeContainer() {
  const register = vi.fn((_script: string, _options: RegistrationOptions) => Promise.resolve({}));
  return { register, container: { register } as unknown as ServiceWorkerContainer };
}

describe('registerServiceWorker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('registers /sw.js for the whole site in a production build once the page has loaded', () => {
    const { register, container } = fakeContainer();
    expect(registerServiceWorker({ production: true, nativeShell: false, container })).toBe(true);
    // jsdom's document has finished loading, so it registers at once.
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers nothing in development or tests, inside the iOS shell, or without service workers', () => {
    const { register, container } = fakeContainer();
    expect(registerServiceWorker({ production: false, nativeShell: false, container })).toBe(false);
    expect(registerServiceWorker({ production: true, nativeShell: true, container })).toBe(false);
    expect(registerServiceWorker({ production: true, nativeShell: false, container: undefined })).toBe(false);
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing with its default options under Vitest (not a production build)', () => {
    expect(registerServiceWorker()).toBe(false);
  });

  it('keeps the app working when the registration fails', async () => {
    const { register, container } = fakeContainer();
    register.mockReturnValue(Promise.reject(new Error('insecure origin')));
    expect(registerServiceWorker({ production: true, nativeShell: false, container })).toBe(true);
    await Promise.resolve();
  });
});
