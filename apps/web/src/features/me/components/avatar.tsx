import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { UserIcon } from '../../../components/ui/icons';
import { useMediaUrl } from '../../../lib/media';
import './avatar.css';

/** The avatar from its media path; the default icon when there is none or it fails to load. */
export function Avatar({ path, size = 64 }: { path: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  const src = useMediaUrl(path);
  const [broken, setBroken] = useState<string | null>(null);
  return src && broken !== src ? (
    <img
      className="avatar"
      src={src}
      width={size}
      height={size}
      alt={t('me.avatar')}
      onError={() => setBroken(src)}
      data-testid="avatar"
    />
  ) : (
    <span
      className="avatar avatar--placeholder"
      style={{ width: size, height: size }}
      role="img"
      aria-label={t('me.defaultAvatar')}
      data-testid="avatar"
    >
      <UserIcon size={Math.round(size * 0.55)} />
    </span>
  );
}
