import type { NotificationSettings as Settings } from '@cliffhanger/contract/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { setSession } from '../../../lib/session';
import { stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SettingsPage } from '../pages/settings-page';

const KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString('base64url');

function settings(overrides: Partial<Settings> = {}): Settings {
  return {
    new_episodes: false,
    checkin_reminder: false,
    checkin_time: '20:00',
    vip_renewal: false,
    quiet_start: '22:00',
    quiet_end: '08:00',
    time_zone: 'UTC',
    language: 'en',
    web_push_key: KEY,
    devices: 0,
    ...overrides,
  };
}

function renderSettings(
  current: Settings,
  put: (body: unknown) => Answer = (body) => ({ code: 200, data: { ...current, ...(body as object) } }),
) {
  const api = stubApi({
    'GET /notifications/settings': { code: 200, data: current },
    'PUT /notifications/settings': (call) => put(call.body),
    'DELETE /notifications/subscriptions': { code: 200, data: { devices: 0 } },
  });
  setSession({ token: 't', userInfo: testUser() });
  renderRoutes([{ path: PATHS.settings, element: <SettingsPage /> }], { initialEntries: [PATHS.settings] });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('settings: notifications', () => {
  it('shows nothing of it to a visitor', () => {
    stubApi();
    renderRoutes([{ path: PATHS.settings, element: <SettingsPage /> }], { initialEntries: [PATHS.settings] });
    expect(screen.queryByTestId('notification-settings')).toBeNull();
  });

  it('saves a kind turned on with the browser’s time zone and the app’s language, for a viewer with a device', async () => {
    const api = renderSettings(settings({ devices: 1 }));
    const toggle = await screen.findByTestId('notifications-new_episodes');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT /notifications/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /notifications/settings')[0]?.body).toEqual({
      new_episodes: true,
      checkin_reminder: false,
      checkin_time: '20:00',
      vip_renewal: false,
      quiet_start: '22:00',
      quiet_end: '08:00',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: 'en',
    });
    expect(await screen.findByTestId('notifications-new_episodes')).toBeChecked();
    // This browser could not subscribe (jsdom has no Push API): the choice still holds for the
    // viewer's other device, and the page says why this one gets nothing.
    expect(screen.getByTestId('notifications-problem')).toHaveTextContent('cannot receive notifications');
  });

  it('says so when this browser cannot receive notifications, and turns nothing on', async () => {
    // jsdom has neither the Push API nor a service worker, like a browser without them.
    const api = renderSettings(settings());
    await userEvent.click(await screen.findByTestId('notifications-checkin_reminder'));
    expect(await screen.findByTestId('notifications-problem')).toHaveTextContent('cannot receive notifications');
    expect(api.callsTo('PUT /notifications/settings')).toEqual([]);
    expect(api.callsTo('POST /notifications/subscriptions')).toEqual([]);
  });

  it('shows the check-in time only with the reminder on, and stops every device at once', async () => {
    const api = renderSettings(settings({ checkin_reminder: true, devices: 2 }));
    expect(await screen.findByTestId('notifications-checkin_time')).toHaveValue('20:00');
    expect(screen.getByTestId('notifications-devices')).toHaveTextContent('2');
    await userEvent.click(screen.getByTestId('notifications-stop-all'));
    await waitFor(() => expect(api.callsTo('DELETE /notifications/subscriptions')).toHaveLength(1));
  });
});
