import { AVATAR_MAX_BYTES } from '@cliffhanger/contract/browser';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { UserIcon } from '../../../components/ui/icons';
import { useMediaUrl } from '../../../lib/media';
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

/**
 * Whether the browser can open the file as a picture: a PNG name on a text file, or a truncated
 * image, is refused here at selection rather than by the server after Save. Where the browser
 * offers no way to tell (no createImageBitmap, no decode), the server's check still stands.
 */
async function decodesAsImage(file: Blob): Promise<boolean> {
  if (typeof globalThis.createImageBitmap === 'function') {
    try {
      const bitmap = await globalThis.createImageBitmap(file);
      bitmap.close();
      return true;
    } catch {
      return false;
    }
  }
  if (typeof Image === 'undefined' || !('decode' in HTMLImageElement.prototype)) return true;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

type Refusal = { kind: 'invalid' | 'too-large'; name: string; size: number };

const MB = 1024 * 1024;

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
  const [refusal, setRefusal] = useState<Refusal | null>(null);

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
          const refuse = (kind: Refusal['kind']) => setRefusal({ kind, name: picked.name, size: picked.size });
          const problem = avatarProblem(picked);
          if (problem) {
            refuse(problem);
            return;
          }
          void decodesAsImage(picked).then((ok) => {
            if (!ok) {
              refuse('invalid');
              return;
            }
            setRefusal(null);
            setPreview(URL.createObjectURL(picked));
            onChange(picked);
          });
        }}
      />
      {refusal && (
        <p className="avatar-picker__error" role="alert" data-testid="profile-avatar-error">
          <strong>{t(refusal.kind === 'invalid' ? 'errors.invalidImage' : 'errors.imageTooLarge')}</strong>{' '}
          {refusal.kind === 'invalid'
            ? t('profile.avatarNotImage', { name: refusal.name })
            : t('profile.avatarTooLarge', {
                name: refusal.name,
                // Rounded up: a file just over the limit must not read as exactly the limit.
                size: (Math.ceil((refusal.size / MB) * 10) / 10).toFixed(1),
                max: Math.floor(AVATAR_MAX_BYTES / MB),
              })}
        </p>
      )}
    </div>
  );
}
