import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '../../app/sign-in-path';
import { downloadRecoveryCodes } from '../../components/download-recovery-codes';
import { t } from '../../i18n/messages';

/** The recovery codes, shown once: copy, download, and on to sign-in once the operator says they are saved. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const navigate = useNavigate();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const text = `${codes.join('\n')}\n`;

  const copyCodes = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <section>
      <h2>{t('auth.enrol.codesTitle')}</h2>
      <p>{t('auth.enrol.codesBody')}</p>
      <ol className="recovery-codes" aria-label={t('auth.enrol.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="form__actions form__actions--start">
        <button type="button" className="button" onClick={copyCodes}>
          {t('auth.enrol.copy')}
        </button>
        <button type="button" className="button" onClick={() => downloadRecoveryCodes(text)}>
          {t('auth.enrol.download')}
        </button>
      </div>
      {copy && (
        <p role="status" className={copy === 'failed' ? 'field__error' : 'field__hint'}>
          {t(copy === 'copied' ? 'auth.enrol.copied' : 'auth.enrol.copyFailed')}
        </p>
      )}
      <div className="form__actions form__actions--start">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void navigate(SIGN_IN_PATH, { replace: true, state: { enrolled: true } })}
        >
          {t('auth.enrol.saved')}
        </button>
      </div>
    </section>
  );
}
