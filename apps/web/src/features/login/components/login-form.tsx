// The code rule is a zod schema: the sign-in page loads it, off the home page's path.
import { smsCodeSchema } from '@cliffhanger/contract';
import { Code, isApiError } from '@cliffhanger/contract/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { currentLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usePasswordLogin } from '../api/post-password-login';
import { useSmsLogin } from '../api/post-sms-login';
import { useSendSmsCode } from '../api/post-sms-send';
import { useCountdown } from '../hooks/use-countdown';
import { loginRefusal, secondsFrom, sendCodeRefusal, type LoginField, type Refusal } from '../login-errors';
import { browserLanguages, defaultCountry, type Country } from '../phone/countries';
import { toE164 } from '../phone/phone-number';
import { PhoneField } from './phone-field';

export type LoginMethod = 'sms' | 'password';

/** Longest password the API takes (bcrypt's limit, contract `passwordSchema`). */
const PASSWORD_MAX = 72;

/**
 * Spec §5: phone number required ('Please Enter Phone Number'), then the code ('Please Enter
 * Code') or the password ('Please Enter Password'). The send-code button is disabled during its
 * resend countdown, whose length the server gives (`resend_in`, also on 70006).
 */
export function LoginForm({
  method,
  passwordEnabled,
  onSignedIn,
}: {
  method: LoginMethod;
  /** From app config; false: the password tab answers 'Account login is not yet implemented'. */
  passwordEnabled: boolean;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<Country>(() => defaultCountry(currentLanguage(), browserLanguages()));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const countdown = useCountdown();
  const sendCode = useSendSmsCode();
  const smsLogin = useSmsLogin();
  const passwordLogin = usePasswordLogin();

  const fail = (field: LoginField | undefined, message: string) => {
    setErrors(field ? { [field]: message } : {});
    showToast(message);
  };
  const refuse = (refusal: Refusal | null) => {
    if (refusal) fail(refusal.field, refusal.message);
    else setErrors({});
  };

  /** The phone in E.164, or null after telling the viewer what is wrong with it. */
  const checkedPhone = (): string | null => {
    const checked = toE164(phone, country);
    if (checked.ok) return checked.e164;
    fail('phone', checked.reason === 'empty' ? t('login.enterPhone') : t('errors.70003'));
    return null;
  };

  const requestCode = () => {
    const e164 = checkedPhone();
    if (!e164) return;
    setErrors({});
    sendCode.mutate(e164, {
      onSuccess: ({ resendIn }) => {
        countdown.start(resendIn);
        showToast(t('login.codeSent'));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === Code.SIGNIN_RESEND_TOO_EARLY) {
          const seconds = secondsFrom(error, 'resend_in');
          if (seconds) countdown.start(seconds);
        }
        refuse(sendCodeRefusal(error, t));
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return fail('phone', t('login.enterPhone'));
    if (method === 'sms' && !code.trim()) return fail('code', t('login.enterCode'));
    if (method === 'password' && !password) return fail('password', t('login.enterPassword'));
    const e164 = checkedPhone();
    if (!e164) return;
    setErrors({});
    const onError = (error: unknown) => refuse(loginRefusal(error, method, t));
    if (method === 'sms') {
      if (!smsCodeSchema.safeParse(code.trim()).success) return fail('code', t('login.codeFormat'));
      smsLogin.mutate({ phone: e164, code: code.trim() }, { onSuccess: onSignedIn, onError });
    } else {
      if (!passwordEnabled) return fail(undefined, t('login.notImplemented'));
      passwordLogin.mutate({ phone: e164, password }, { onSuccess: onSignedIn, onError });
    }
  };

  const counting = countdown.seconds > 0;
  const busy = smsLogin.isPending || passwordLogin.isPending;
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid={`login-form-${method}`}>
      <PhoneField
        country={country}
        onCountryChange={setCountry}
        phone={phone}
        onPhoneChange={setPhone}
        error={errors.phone}
      />
      {method === 'sms' ? (
        <TextInput
          label={t('login.code')}
          placeholder={t('login.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
          data-testid="login-code"
          trailing={
            <Button
              variant="secondary"
              onClick={requestCode}
              disabled={counting || sendCode.isPending}
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
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          data-testid="login-password"
        />
      )}
      <Button type="submit" block disabled={busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
