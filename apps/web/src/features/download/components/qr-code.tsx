import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value` as an image; nothing until it has been drawn. */
export function QrCode({ value, alt, size = 200 }: { value: string; alt: string; size?: number }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, {
      width: size,
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#1a1a1a', light: '#ffffff' },
    })
      .then((src) => {
        if (live) setDrawn({ value, src });
      })
      .catch(() => {
        if (live) setDrawn(null);
      });
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!drawn || drawn.value !== value) return <div style={{ width: size, height: size }} aria-hidden="true" />;
  return <img src={drawn.src} width={size} height={size} alt={alt} data-testid="download-qr" />;
}
