import type { NotificationSettings as Settings } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { messageForError } from '../../../lib/error-message';
import { currentLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useUnsubscribeAll } from '../api/delete-push-subscriptions';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSubscribeDevice } from '../api/post-push-subscription';
import { useSaveNotificationSettings } from '../api/put-notification-settings';
import './notification-settings.css';

type Kind = 'new_episodes' | 'checkin_reminder' | 'vip_renewal';
type Time = 'checkin_time' | 'quiet_start' | 'quiet_end';

/** The viewer's own zone, as the browser reports it: reminders and quiet hours follow it. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function bodyOf(settings: Settings) {
  const { web_push_key: _key, devices: _devices, ...body } = settings;
  return { ...body, time_zone: browserTimeZone(), language: currentLanguage() };
}

/**
 * Notifications on the Settings page (docs/notifications.md): opt in per kind, the check-in
 * reminder's time and quiet hours. Turning a kind on asks this device's permission and
 * subscribes it; "stop on all devices" drops every device of the account at once.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const settings = useNotificationSettings(true);
  const save = useSaveNotificationSettings();
  const subscribe = useSubscribeDevice();
  const unsubscribe = useUnsubscribeAll();
  const [problem, setProblem] = useState<'unsupported' | 'denied' | null>(null);
  const data = settings.data;
  if (!data) return null;
  const busy = save.isPending || subscribe.isPending || unsubscribe.isPending;

  const update = (change: Partial<ReturnType<typeof bodyOf>>) =>
    save.mutate({ ...bodyOf(data), ...change }, { onError: (error) => showToast(messageForError(error, t)) });

  // Turning a kind on subscribes this device too (a repeat changes nothing). When it cannot
  // receive, the choice is still saved for the viewer's other devices, if there are any.
  const toggle = async (kind: Kind, on: boolean) => {
    setProblem(null);
    if (on) {
      try {
        const outcome = await subscribe.mutateAsync(data.web_push_key);
        if (outcome !== 'subscribed') {
          setProblem(outcome);
          if (data.devices === 0) return;
        }
      } catch (error) {
        showToast(messageForError(error, t));
        return;
      }
    }
    update({ [kind]: on });
  };

  const kinds: Array<{ kind: Kind; label: string }> = [
    { kind: 'new_episodes', label: t('notifications.newEpisodes') },
    { kind: 'checkin_reminder', label: t('notifications.checkinReminder') },
    { kind: 'vip_renewal', label: t('notifications.vipRenewal') },
  ];
  const time = (field: Time, label: string) => (
    <label className="notification-settings__time">
      <span>{label}</span>
      <input
        type="time"
        value={data[field]}
        disabled={busy}
        onChange={(event) => {
          if (/^\d\d:\d\d$/.test(event.target.value)) update({ [field]: event.target.value });
        }}
        data-testid={`notifications-${field}`}
      />
    </label>
  );

  return (
    <Section title={t('notifications.title')} className="notification-settings" testId="notification-settings">
      {kinds.map(({ kind, label }) => (
        <label key={kind} className="notification-settings__kind">
          <span>{label}</span>
          <input
            type="checkbox"
            role="switch"
            checked={data[kind]}
            aria-checked={data[kind]}
            disabled={busy}
            onChange={(event) => void toggle(kind, event.target.checked)}
            data-testid={`notifications-${kind}`}
          />
        </label>
      ))}
      {data.checkin_reminder && time('checkin_time', t('notifications.checkinTime'))}
      <p className="notification-settings__hint">{t('notifications.quietHoursHint')}</p>
      {time('quiet_start', t('notifications.quietStart'))}
      {time('quiet_end', t('notifications.quietEnd'))}
      {problem && (
        <p className="notification-settings__problem" role="alert" data-testid="notifications-problem">
          {t(problem === 'denied' ? 'notifications.denied' : 'notifications.unsupported')}
        </p>
      )}
      <p className="notification-settings__hint" data-testid="notifications-devices">
        {t('notifications.devices', { count: data.devices })}
      </p>
      {data.devices > 0 && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => unsubscribe.mutate(undefined, { onError: (error) => showToast(messageForError(error, t)) })}
          data-testid="notifications-stop-all"
        >
          {t('notifications.stopAll')}
        </Button>
      )}
    </Section>
  );
}
