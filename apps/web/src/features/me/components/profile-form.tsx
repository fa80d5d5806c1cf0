// The profile rules are zod schemas: the profile page loads them, off the home page's path.
import { nicknameSchema, usernameSchema } from '@cliffhanger/contract';
import { Code, isApiError, NICKNAME_MAX, USERNAME_MAX, USERNAME_MIN, type ApiError } from '@cliffhanger/contract/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextInput } from '../../../components/ui/text-input';
import { messageForError } from '../../../lib/error-message';
import { useGoBack } from '../../../lib/navigation';
import { useRequireLogin } from '../../../lib/require-login';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { AvatarUploadError, useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import './profile-form.css';

type Field = 'nickname' | 'username';
type FieldErrors = Partial<Record<Field, string>>;

/** Field names a 10001 answer lists in `data.fields` (an array of names, or an object keyed by name). */
function badFields(error: ApiError): Field[] {
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  const names = Array.isArray(fields) ? fields : fields && typeof fields === 'object' ? Object.keys(fields) : [];
  return names.filter((name): name is Field => name === 'nickname' || name === 'username');
}

/**
 * Spec §5: avatar, username and nickname; signed-in only ('Please login first'); saving asks
 * 'Are you sure to save your information?' first. Field rules are the contract's schemas, the
 * same ones the server enforces.
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const requireLogin = useRequireLogin();
  const { userInfo } = useSession();
  const [nickname, setNickname] = useState(userInfo?.nickname ?? '');
  const [username, setUsername] = useState(userInfo?.username ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asking, setAsking] = useState(false);
  const mutation = useUpdateProfile();

  const ruleFor = (field: Field): string =>
    field === 'nickname'
      ? t('profile.nicknameRule', { max: NICKNAME_MAX })
      : t('profile.usernameRule', { min: USERNAME_MIN, max: USERNAME_MAX });

  const check = (): FieldErrors => ({
    nickname: nicknameSchema.safeParse(nickname).success ? undefined : ruleFor('nickname'),
    // Empty keeps an account without a username as it is.
    username: username.trim() === '' || usernameSchema.safeParse(username).success ? undefined : ruleFor('username'),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin()) return;
    const found = check();
    setErrors(found);
    if (!found.nickname && !found.username) setAsking(true);
  };

  const onFailure = (error: unknown) => {
    // A transport failure already showed 'Network Error'.
    const cause = error instanceof AvatarUploadError ? error.cause : error;
    if (isApiError(cause) && cause.isTransportFailure) return;
    if (error instanceof AvatarUploadError) {
      const telling = isApiError(cause) && (cause.code === Code.PAYLOAD_TOO_LARGE || cause.code === Code.IMAGE_INVALID);
      showToast(telling ? messageForError(cause, t) : t('errors.uploadImageFailed'));
      return;
    }
    if (!isApiError(error) || error.kind === 'bad-response') {
      showToast(t('errors.updateProfileFailed'));
    } else if (error.code === Code.USERNAME_TAKEN) {
      const message = t('errors.10008');
      setErrors({ username: message });
      showToast(message);
    } else if (error.code === Code.INVALID_INPUT) {
      const fields = badFields(error);
      setErrors(Object.fromEntries(fields.map((field) => [field, ruleFor(field)])));
      showToast(t('errors.saveFailed'));
    } else if (error.kind === 'session-invalid' || error.code === Code.TOO_MANY_REQUESTS) {
      showToast(messageForError(error, t));
    } else {
      showToast(t('errors.updateProfileFailed'));
    }
  };

  const save = () => {
    setAsking(false);
    const nextUsername = username.trim().toLowerCase();
    mutation.mutate(
      {
        nickname: nickname.trim(),
        username: nextUsername && nextUsername !== userInfo?.username ? nextUsername : null,
        avatar,
      },
      {
        onSuccess: () => {
          showToast(t('profile.updated'));
          goBack();
        },
        onError: (error) => {
          // The avatar went through even if the rest failed: it is no longer a pending change.
          if (!(error instanceof AvatarUploadError)) setAvatar(null);
          onFailure(error);
        },
      },
    );
  };

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <AvatarPicker current={userInfo?.avatar} onChange={setAvatar} allowed={() => requireLogin()} />
      <div className="profile-form__fields">
        <TextInput
          label={t('profile.username')}
          placeholder={t('profile.usernamePlaceholder')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
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
