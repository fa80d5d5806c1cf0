import {
  Code,
  isApiError,
  isKnownCode,
  NICKNAME_MAX,
  nicknameSchema,
  USERNAME_MAX,
  USERNAME_MIN,
  usernameSchema,
} from '@cliffhanger/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextInput } from '../../../components/ui/text-input';
import { messageForError } from '../../../lib/error-message';
import { useRequireLogin } from '../../../lib/require-login';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { AvatarUploadError, useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import './profile-form.css';

const isTransportFailure = (error: unknown): boolean =>
  (isApiError(error) && error.isTransportFailure) ||
  (error instanceof AvatarUploadError && isTransportFailure(error.cause));

/** A code that says what to fix (username taken, bad image…) beats the generic failure text. */
const isTellingCode = (error: unknown): boolean =>
  isApiError(error) && error.kind === 'code' && isKnownCode(error.code) && error.code !== Code.INTERNAL_ERROR;

/**
 * Spec §5: avatar, username and nickname; signed-in only ('Please login first'); saving asks
 * 'Are you sure to save your information?' first. Field rules come from the contract.
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const { userInfo } = useSession();
  const [nickname, setNickname] = useState(userInfo?.nickname ?? '');
  const [username, setUsername] = useState(userInfo?.username ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ nickname?: string; username?: string }>({});
  const [asking, setAsking] = useState(false);
  const mutation = useUpdateProfile();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin()) return;
    const found = {
      nickname: nicknameSchema.safeParse(nickname).success
        ? undefined
        : t('profile.nicknameRule', { max: NICKNAME_MAX }),
      username:
        username.trim() === '' || usernameSchema.safeParse(username).success
          ? undefined
          : t('profile.usernameRule', { min: USERNAME_MIN, max: USERNAME_MAX }),
    };
    setErrors(found);
    if (!found.nickname && !found.username) setAsking(true);
  };

  const save = () => {
    setAsking(false);
    mutation.mutate(
      { nickname: nickname.trim(), username: username.trim().toLowerCase(), avatar },
      {
        onSuccess: () => {
          showToast(t('profile.updated'));
          void navigate(-1);
        },
        onError: (error) => {
          // A transport failure already showed 'Network Error'.
          if (isTransportFailure(error)) return;
          const cause = error instanceof AvatarUploadError ? error.cause : error;
          if (isTellingCode(cause)) showToast(messageForError(cause, t));
          else
            showToast(
              error instanceof AvatarUploadError ? t('errors.uploadImageFailed') : t('errors.updateProfileFailed'),
            );
        },
      },
    );
  };

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <AvatarPicker current={userInfo?.avatar} onChange={setAvatar} />
      <div className="profile-form__fields">
        <TextInput
          label={t('profile.username')}
          placeholder={t('profile.usernamePlaceholder')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          data-testid="profile-username"
        />
        <TextInput
          label={t('profile.nickname')}
          placeholder={t('profile.nicknamePlaceholder')}
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          error={errors.nickname}
          autoComplete="nickname"
          data-testid="profile-nickname"
        />
      </div>
      <Button type="submit" block disabled={mutation.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('profile.confirmSave')}
        onConfirm={save}
        onCancel={() => setAsking(false)}
        testId="profile-save-dialog"
      />
    </form>
  );
}
