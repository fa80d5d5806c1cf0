import { Code, isApiError, PASSWORD_MAX, PASSWORD_MIN } from '@cliffhanger/contract/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextInput } from '../../../components/ui/text-input';
import { isTransportFailure, messageForError } from '../../../lib/error-message';
import { CHECK_ON_SUBMIT, firstErrorOnly } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { useSetPassword } from '../api/put-user-password';
import { passwordFormSchema } from '../password-schema';
import './password-dialog.css';

/**
 * Set a password (an account made by SMS or a provider has none) or change it. The current
 * password is asked for only when one is set; the new one follows the contract's rule.
 */
export function PasswordDialog({
  open,
  hasPassword,
  onClose,
}: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    ...CHECK_ON_SUBMIT,
    resolver: firstErrorOnly(zodResolver(passwordFormSchema(t, hasPassword))),
    defaultValues: { current: '', password: '', repeat: '' },
  });
  const { errors } = formState;
  const mutation = useSetPassword();

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(({ current, password }) =>
    mutation.mutate(
      { password, ...(hasPassword ? { current_password: current } : {}) },
      {
        onSuccess: () => {
          showToast(hasPassword ? t('password.changed') : t('password.set'));
          close();
        },
        onError: (error) => {
          // A transport failure already showed 'Network Error'.
          if (isTransportFailure(error)) return;
          if (isApiError(error) && error.code === Code.SIGNIN_WRONG_PASSWORD) {
            setError('current', { message: t('errors.70004') });
            showToast(t('errors.70004'));
          } else if (isApiError(error) && error.kind !== 'bad-response') {
            showToast(messageForError(error, t));
          } else {
            showToast(t('errors.saveFailed'));
          }
        },
      },
    ),
  );

  return (
    <Dialog
      open={open}
      title={hasPassword ? t('password.changeTitle') : t('password.setTitle')}
      onClose={close}
      testId="password-dialog"
      className="password-dialog"
    >
      <form className="password-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        {hasPassword && (
          <TextInput
            {...register('current')}
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            error={errors.current?.message}
            data-testid="password-current"
          />
        )}
        <TextInput
          {...register('password')}
          label={t('password.new')}
          placeholder={t('password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          error={errors.password?.message}
          data-testid="password-new"
        />
        <TextInput
          {...register('repeat')}
          label={t('password.repeat')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          error={errors.repeat?.message}
          data-testid="password-repeat"
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={close} data-testid="password-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={mutation.isPending} data-testid="password-submit">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
