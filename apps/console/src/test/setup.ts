import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSessionEndedHandler } from '../api/console-api';

afterEach(() => {
  cleanup();
  setSessionEndedHandler(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
