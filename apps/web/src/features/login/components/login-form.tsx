import { Code, isApiError, PASSWORD_MAX } from '@cliffhanger/contract/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { CHECK_ON_SUBMIT, firstErrorOnly } from '../../../lib/form-validation';
import { currentLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usePasswordLogin, useSendSmsCode, useSmsLogin } from '../api/sign-in';
import { useCountdown } from '../hooks/use-countdown';
import { loginRefusal, secondsFrom, sendCodeRefusal, type Refusal } from '../login-errors';
import { loginSchema, type LoginMethod } from '../login-schema';
import { browserLanguages, defaultCountry } from '../phone/countries';
import { toE164 } from '../phone/phone-number';
import { PhoneField } from './phone-field';

/**
 * Sign-in by SMS code or password. The send-code button is disabled during its resend countdown,
 * whose length the server gives (`resend_in`, also on Code.SIGNIN_RESEND_TOO_EARLY).
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
  const { register, handleSubmit, getValues, setError, clearErrors, formState, control } = useForm({
    ...CHECK_ON_SUBMIT,
    resolver: firstErrorOnly(zodResolver(loginSchema(t, method))),
    defaultValues: {
      country: defaultCountry(currentLanguage(), browserLanguages()),
      phone: '',
      code: '',
      password: '',
    },
  });
  const { errors } = formState;
  const country = useWatch({ control, name: 'country' });
  const countdown = useCountdown();
  const sendCode = useSendSmsCode();
  const smsLogin = useSmsLogin();
  const passwordLogin = usePasswordLogin();

  /** Says what is wrong, under its field too; null: nothing to add (a transport failure has toasted). */
  const refuse = (refusal: Refusal | null) => {
    if (!refusal) return;
    clearErrors();
    if (refusal.field) setError(refusal.field, { message: refusal.message });
    if (!refusal.fieldOnly) showToast(refusal.message);
  };

  const requestCode = () => {
    const checked = toE164(getValues('phone'), getValues('country'));
    if (!checked.ok)
      return refuse({ field: 'phone', message: t(checked.reason === 'empty' ? 'login.enterPhone' : 'errors.70003') });
    clearErrors();
    sendCode.mutate(checked.e164, {
      onSuccess: (resendIn) => {
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

  const submit = (event: FormEvent) =>
    void handleSubmit(
      ({ phone, code, password }) => {
        const onError = (error: unknown) => refuse(loginRefusal(error, method, t));
        if (method === 'sms') smsLogin.mutate({ phone, code }, { onSuccess: onSignedIn, onError });
        else if (!passwordEnabled) refuse({ message: t('login.notImplemented') });
        else passwordLogin.mutate({ phone, password }, { onSuccess: onSignedIn, onError });
      },
      (found) => showToast(Object.values(found)[0]?.message ?? ''),
    )(event);

  const counting = countdown.seconds > 0;
  const busy = smsLogin.isPending || passwordLogin.isPending;
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid={`login-form-${method}`}>
      <PhoneField
        country={register('country')}
        selected={country}
        phone={register('phone')}
        error={errors.phone?.message}
      />
      {method === 'sms' ? (
        <TextInput
          {...register('code')}
          label={t('login.code')}
          placeholder={t('login.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
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
          {...register('password')}
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          error={errors.password?.message}
          data-testid="login-password"
        />
      )}
      <Button type="submit" block disabled={busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
