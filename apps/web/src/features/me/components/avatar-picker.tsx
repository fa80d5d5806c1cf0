import { AVATAR_MAX_BYTES } from '@cliffhanger/contract/browser';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { UserIcon } from '../../../components/ui/icons';
import { useMediaUrl } from '../../../lib/media';
import { showToast } from '../../../lib/toast';
import './avatar-picker.css';

/**
 * docs/product.md#validation-rules: the image must be valid ('Invalid image file') and within the size limit
 * ('Image size too large', the contract's 5 MB). The type is only what the browser claims; the server decodes
 * the bytes and answers Code.IMAGE_INVALID for anything that is not really an image. SVG is refused: it is a
 * document, not a picture, and the server does not take it.
 */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'invalid' | 'too-large' | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'invalid';
  if (file.size > AVATAR_MAX_BYTES) return 'too-large';
  return null;
}

export function AvatarPicker({
  current,
  onChange,
  allowed,
}: {
  current: string | null | undefined;
  onChange: (file: File) => void;
  /** Asked before the picker opens and again when a file arrives (signed in only). */
  allowed: () => boolean;
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
        {src ? (
          <img src={src} alt={t('profile.avatar')} width={88} height={88} data-testid="profile-avatar-preview" />
        ) : (
          <UserIcon size={44} />
        )}
      </span>
      <label htmlFor={inputId} className="avatar-picker__change">
        {t('profile.changeAvatar')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="avatar-picker__input"
        data-testid="profile-avatar-input"
        onClick={(event) => {
          if (!allowed()) event.preventDefault();
        }}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!picked || !allowed()) return;
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
