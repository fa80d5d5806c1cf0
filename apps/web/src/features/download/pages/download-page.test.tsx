import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configFetch, testAppConfig } from '../../../test/app-config';
import { renderPage } from '../../../test/render';
import { DownloadPage } from './download-page';

beforeEach(() =>
  vi.stubGlobal('fetch', vi.fn(configFetch(testAppConfig({ ios_app_url: 'https://apps.apple.com/app/id42' })))),
);
afterEach(() => vi.unstubAllGlobals());

describe('download page', () => {
  it('links the App Store and shows the same link as a QR code', async () => {
    renderPage(<DownloadPage />);
    expect(await screen.findByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/id42',
    );
    const qr = await screen.findByRole('img', { name: 'QR code linking to Cliffhanger on the App Store' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
