import { AVATAR_MAX_BYTES } from '@cliffhanger/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../../components/ui/icons';
import { useMediaUrl } from '../../../lib/media';
import { showToast } from '../../../lib/toast';
import './avatar-picker.css';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Spec §5: the image must be valid ('Invalid image file') and within the size limit ('Image size too large'). */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'invalid' | 'too-large' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'invalid';
  if (file.size > AVATAR_MAX_BYTES) return 'too-large';
  return null;
}

export function AvatarPicker({
  current,
  onChange,
}: {
  current: string | null | undefined;
  onChange: (file: File) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const currentUrl = useMediaUrl(current);
  const [preview, setPreview] = useState<string | null>(null);

  // Each preview URL holds the image in memory until revoked.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const src = preview ?? currentUrl;

  return (
    <div className="avatar-picker">
      <span className="avatar-picker__image">
        {src ? <img src={src} alt={t('profile.avatar')} width={88} height={88} /> : <UserIcon size={44} />}
      </span>
      <label htmlFor={inputId} className="avatar-picker__change">
        {t('profile.changeAvatar')}
      </label>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="avatar-picker__input"
        data-testid="profile-avatar-input"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!picked) return;
          const problem = avatarProblem(picked);
          if (problem) {
            showToast(problem === 'invalid' ? t('errors.invalidImage') : t('errors.imageTooLarge'));
            return;
          }
          setPreview(URL.createObjectURL(picked));
          onChange(picked);
        }}
      />
    </div>
  );
}
