import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configFetch, testAppConfig } from '../../../test/app-config';
import { renderPage } from '../../../test/render';
import { DownloadPage } from './download-page';

afterEach(() => vi.unstubAllGlobals());

describe('download page', () => {
  beforeEach(() =>
    vi.stubGlobal('fetch', vi.fn(configFetch(testAppConfig({ ios_app_url: 'https://apps.apple.com/app/id42' })))),
  );

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

describe('download page without an App Store page configured', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(configFetch(testAppConfig({ ios_app_url: null })))));

  it('offers this web app by QR code and says the iOS app is configured by the operator: no dead store link', async () => {
    renderPage(<DownloadPage />);
    expect(await screen.findByTestId('download-ios-pending')).toHaveTextContent('configured by the operator');
    expect(screen.queryByTestId('download-app-store')).toBeNull();
    const qr = await screen.findByRole('img', { name: 'QR code linking to Cliffhanger on the web' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
