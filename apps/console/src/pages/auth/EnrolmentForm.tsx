import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';

const TOTP_CODE = /^\d{6}$/;

interface EnrolmentFormProps {
  pending: boolean;
  error: unknown;
  onSubmit: (password: string, code: string) => void;
}

/** The new password twice and the authenticator's first code; the two passwords must match before anything is sent. */
export function EnrolmentForm({ pending, error, onSubmit }: EnrolmentFormProps) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<'mismatch' | 'code' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (password !== repeat) setProblem('mismatch');
    else if (!TOTP_CODE.test(digits)) setProblem('code');
    else {
      setProblem(null);
      onSubmit(password, digits);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="enrol-password">
          {t('auth.enrol.password')}
        </label>
        <input
          id="enrol-password"
          className="input"
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          aria-describedby="enrol-password-hint"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span id="enrol-password-hint" className="field__hint">
          {t('auth.enrol.passwordHint')}
        </span>
      </div>
      <label className="field">
        <span className="field__label">{t('auth.enrol.repeat')}</span>
        <input
          className="input"
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          required
          aria-invalid={problem === 'mismatch'}
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('auth.enrol.code')}</span>
        <input
          className="input input--code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          aria-invalid={problem === 'code'}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      {problem && (
        <p className="field__error" role="alert">
          {t(problem === 'mismatch' ? 'auth.enrol.mismatch' : 'auth.enrol.codeInvalid')}
        </p>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('auth.enrol.pending') : t('auth.enrol.submit')}
        </button>
      </div>
    </form>
  );
}
