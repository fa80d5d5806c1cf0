import { Code, isApiError, type ApiError } from '@cliffhanger/contract/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextInput } from '../../../components/ui/text-input';
import { isTransportFailure, messageForError } from '../../../lib/error-message';
import { CHECK_ON_SUBMIT } from '../../../lib/form-validation';
import { useGoBack } from '../../../lib/navigation';
import { useRequireLogin } from '../../../lib/require-login';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { AvatarUploadError, useUpdateProfile } from '../api/update-profile';
import { profileRules, profileSchema, type ProfileField } from '../profile-schema';
import { AvatarPicker } from './avatar-picker';
import './profile-form.css';

/** Field names a Code.INVALID_INPUT answer lists in `data.fields` (an array of names, or an object keyed by name). */
function badFields(error: ApiError): ProfileField[] {
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  const names = Array.isArray(fields) ? fields : fields && typeof fields === 'object' ? Object.keys(fields) : [];
  return names.filter((name): name is ProfileField => name === 'nickname' || name === 'username');
}

/**
 * Avatar, username and nickname (docs/product.md#validation-rules); signed-in only ('Please login first');
 * saving asks 'Are you sure to save your information?' first. Field rules are the contract's schemas, the
 * same ones the server enforces.
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const requireLogin = useRequireLogin();
  const { userInfo } = useSession();
  const rules = profileRules(t);
  const { register, handleSubmit, setError, formState } = useForm({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(profileSchema(rules)),
    defaultValues: { username: userInfo?.username ?? '', nickname: userInfo?.nickname ?? '' },
  });
  const { errors } = formState;
  const [avatar, setAvatar] = useState<File | null>(null);
  /** The checked changes while 'Are you sure…?' is asked. */
  const [asking, setAsking] = useState<{ nickname: string; username: string } | null>(null);
  const mutation = useUpdateProfile();

  const submit = handleSubmit(setAsking);
  const onSubmit = (event: FormEvent) => {
    if (requireLogin()) void submit(event);
    else event.preventDefault();
  };

  const onFailure = (error: unknown) => {
    // A transport failure already showed 'Network Error'.
    const cause = error instanceof AvatarUploadError ? error.cause : error;
    if (isTransportFailure(cause)) return;
    if (error instanceof AvatarUploadError) {
      const telling = isApiError(cause) && (cause.code === Code.PAYLOAD_TOO_LARGE || cause.code === Code.IMAGE_INVALID);
      showToast(telling ? messageForError(cause, t) : t('errors.uploadImageFailed'));
      return;
    }
    if (!isApiError(error) || error.kind === 'bad-response') {
      showToast(t('errors.updateProfileFailed'));
    } else if (error.code === Code.USERNAME_TAKEN) {
      setError('username', { message: t('errors.10008') });
      showToast(t('errors.10008'));
    } else if (error.code === Code.INVALID_INPUT) {
      for (const field of badFields(error)) setError(field, { message: rules[field] });
      showToast(t('errors.saveFailed'));
    } else if (error.kind === 'session-invalid' || error.code === Code.TOO_MANY_REQUESTS) {
      showToast(messageForError(error, t));
    } else {
      showToast(t('errors.updateProfileFailed'));
    }
  };

  const save = () => {
    if (!asking) return;
    setAsking(null);
    const { nickname, username } = asking;
    mutation.mutate(
      { nickname, username: username && username !== userInfo?.username ? username : null, avatar },
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
          {...register('username')}
          label={t('profile.username')}
          placeholder={t('profile.usernamePlaceholder')}
          error={errors.username?.message}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          data-testid="profile-username"
        />
        <TextInput
          {...register('nickname')}
          label={t('profile.nickname')}
          placeholder={t('profile.nicknamePlaceholder')}
          error={errors.nickname?.message}
          autoComplete="nickname"
          data-testid="profile-nickname"
        />
      </div>
      <Button type="submit" block disabled={mutation.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={t('profile.confirmSave')}
        onConfirm={save}
        onCancel={() => setAsking(null)}
        testId="profile-save-dialog"
      />
    </form>
  );
}
