import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { t } from '../../i18n/messages';

/** The otpauth:// URI as a QR code image (a data: URL, which the console's CSP allows for images). */
export function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(uri, { margin: 2, width: 200, errorCorrectionLevel: 'M' }).then(
      (url) => current && setSrc(url),
      // Without an image the key below it is still there to type in.
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? <img className="qr" src={src} width={200} height={200} alt={t('auth.enrol.qrAlt')} /> : null;
}
