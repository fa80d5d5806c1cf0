import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { showToast } from '../../../lib/toast';
import { useCountdown } from '../hooks/use-countdown';

export type LoginMethod = 'sms' | 'password';

/** Seconds before another code may be requested. */
export const RESEND_SECONDS = 60;

type Field = 'phone' | 'code' | 'password';

/**
 * Spec §5: phone number required ('Please Enter Phone Number'), then the code ('Please Enter
 * Code') or the password ('Please Enter Password'). The send-code button is disabled during its
 * resend countdown.
 */
export function LoginForm({
  method,
  onSubmit,
}: {
  method: LoginMethod;
  onSubmit: (input: { phone: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const countdown = useCountdown();

  const fail = (field: Field, message: string) => {
    setErrors({ [field]: message });
    showToast(message);
  };

  const sendCode = () => {
    if (!phone.trim()) return fail('phone', t('login.enterPhone'));
    setErrors({});
    countdown.start(RESEND_SECONDS);
    showToast(t('login.codeSent'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return fail('phone', t('login.enterPhone'));
    if (method === 'sms' && !code.trim()) return fail('code', t('login.enterCode'));
    if (method === 'password' && !password) return fail('password', t('login.enterPassword'));
    setErrors({});
    onSubmit({ phone: phone.trim(), secret: method === 'sms' ? code.trim() : password });
  };

  const counting = countdown.seconds > 0;
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid={`login-form-${method}`}>
      <TextInput
        label={t('login.phone')}
        placeholder={t('login.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={errors.phone}
        data-testid="login-phone"
      />
      {method === 'sms' ? (
        <TextInput
          label={t('login.code')}
          placeholder={t('login.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
          data-testid="login-code"
          trailing={
            <Button
              variant="secondary"
              onClick={sendCode}
              disabled={counting}
              data-testid="login-send-code"
              className="login-form__send"
            >
              {counting ? t('login.resendIn', { seconds: countdown.seconds }) : t('login.sendCode')}
            </Button>
          }
        />
      ) : (
        <TextInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          data-testid="login-password"
        />
      )}
      <Button type="submit" block data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
