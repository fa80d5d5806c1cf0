// The password rule is a zod schema: the settings page loads it, off the home page's path.
import { passwordSchema } from '@cliffhanger/contract';
import { Code, isApiError } from '@cliffhanger/contract/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextInput } from '../../../components/ui/text-input';
import { messageForError } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';
import { useSetPassword } from '../api/put-user-password';
import './password-dialog.css';

type Field = 'current' | 'password' | 'repeat';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 72;

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
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useSetPassword();

  const close = () => {
    setCurrent('');
    setPassword('');
    setRepeat('');
    setErrors({});
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let found: Partial<Record<Field, string>> = {};
    if (hasPassword && !current) found = { current: t('password.enterCurrent') };
    else if (!password) found = { password: t('login.enterPassword') };
    else if (!passwordSchema.safeParse(password).success)
      found = { password: t('password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX }) };
    else if (repeat !== password) found = { repeat: t('password.mismatch') };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { password, ...(hasPassword ? { currentPassword: current } : {}) },
      {
        onSuccess: () => {
          showToast(hasPassword ? t('password.changed') : t('password.set'));
          close();
        },
        onError: (error) => {
          // A transport failure already showed 'Network Error'.
          if (isApiError(error) && error.isTransportFailure) return;
          if (isApiError(error) && error.code === Code.SIGNIN_WRONG_PASSWORD) {
            setErrors({ current: t('errors.70004') });
            showToast(t('errors.70004'));
          } else if (isApiError(error) && error.kind !== 'bad-response') {
            showToast(messageForError(error, t));
          } else {
            showToast(t('errors.saveFailed'));
          }
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={hasPassword ? t('password.changeTitle') : t('password.setTitle')}
      onClose={close}
      testId="password-dialog"
      className="password-dialog"
    >
      <form className="password-dialog__form" onSubmit={onSubmit} noValidate>
        {hasPassword && (
          <TextInput
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            error={errors.current}
            data-testid="password-current"
          />
        )}
        <TextInput
          label={t('password.new')}
          placeholder={t('password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          data-testid="password-new"
        />
        <TextInput
          label={t('password.repeat')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={errors.repeat}
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
