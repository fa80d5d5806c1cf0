import { useState, type FormEvent } from 'react';
import { t } from '../i18n/messages';
import { Dialog } from './Dialog';

const TOTP_CODE = /^\d{6}$/;

/** Asks for a fresh six-digit authenticator code; `onDone(null)` when the operator cancels. */
export function TotpPrompt({ onDone }: { onDone: (code: string | null) => void }) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!TOTP_CODE.test(digits)) {
      setInvalid(true);
      return;
    }
    onDone(digits);
  };

  return (
    <Dialog title={t('totp.title')} onClose={() => onDone(null)}>
      <form className="form" onSubmit={submit} noValidate>
        <p>{t('totp.body')}</p>
        <label className="field">
          <span className="field__label">{t('totp.label')}</span>
          <input
            className="input input--code"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            value={code}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'totp-error' : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setInvalid(false);
            }}
          />
        </label>
        {invalid && (
          <p id="totp-error" className="field__error" role="alert">
            {t('totp.invalid')}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={() => onDone(null)}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('app.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
