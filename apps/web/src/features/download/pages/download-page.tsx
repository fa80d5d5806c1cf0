import { useTranslation } from '../../../lib/use-translation';
import { Navigate } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { useAppConfig, useProductName } from '../../../lib/app-config/get-app-config';
import { isNativeShell } from '../../../lib/native-shell';
import { PATHS } from '../../../lib/paths';
import { QrCode } from '../components/qr-code';
import './download-page.css';
import { publicOrigin } from '../../../lib/api-origin';

/**
 * App download (the fifth tab): the iOS App Store link as a button and as a QR code for phones.
 * Until the operator configures the App Store page (IOS_APP_URL), the QR code opens this web
 * app on a phone instead, and the page says so: a placeholder store link would be a dead end.
 * Inside the app there is nothing to download: a link to this page lands on home.
 */
export function DownloadPage() {
  return isNativeShell() ? <Navigate to={PATHS.home} replace /> : <Download />;
}

function Download() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const app = useProductName();
  const url = config.data?.ios_app_url ?? null;
  const webAppUrl = `${publicOrigin()}/`;
  return (
    <div className="page-body download">
      <div className="download__hero">
        <LogoMark size={72} />
        <h2 className="download__headline">{t('download.headline', { app })}</h2>
        <p className="download__body">{t('download.body')}</p>
      </div>
      {config.isPending ? (
        <Loading />
      ) : url ? (
        <>
          <a
            className={buttonClassName('primary')}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="download-app-store"
          >
            {t('download.appStore')}
          </a>
          <figure className="download__qr">
            <QrCode value={url} alt={t('download.qrAlt', { app })} />
            <figcaption className="download__qr-hint">{t('download.qrHint')}</figcaption>
          </figure>
        </>
      ) : (
        <>
          <p className="download__body" data-testid="download-ios-pending">
            {t('download.iosPending', { app })}
          </p>
          <figure className="download__qr" data-testid="download-web-qr">
            <QrCode value={webAppUrl} alt={t('download.webQrAlt', { app })} />
            <figcaption className="download__qr-hint">{t('download.webQrHint', { app })}</figcaption>
          </figure>
        </>
      )}
    </div>
  );
}
