import { useOnline } from '../../lib/use-online';
import { useTranslation } from '../../lib/use-translation';
import './offline-notice.css';

/**
 * A bar at the top of every page while the device has no network: the app shell still opens
 * (the service worker keeps it), but nothing new loads until the network is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      {t('common.offline')}
    </div>
  );
}
