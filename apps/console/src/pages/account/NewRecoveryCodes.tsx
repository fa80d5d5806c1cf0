import { consoleRegenerateRecoveryCodes } from '@cliffhanger/contract/console';
import { useId } from 'react';
import { useConsoleMutation } from '../../api/console-query';
import { CopyText } from '../../components/CopyText';
import { downloadRecoveryCodes } from '../../components/download-recovery-codes';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFreshTotp } from '../../components/fresh-totp';
import { t } from '../../i18n/messages';

/** Ten new recovery codes after a fresh code, shown once with copy and download; the old ones stop working. */
export function NewRecoveryCodes() {
  const id = useId();
  const askTotp = useFreshTotp();
  const renew = useConsoleMutation(consoleRegenerateRecoveryCodes);
  const codes = renew.data?.recovery_codes;
  const text = codes ? `${codes.join('\n')}\n` : '';

  const start = async () => {
    const totp = await askTotp();
    if (totp === null) return;
    renew.mutate({ options: { totp } });
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.codes.title')}</h2>
      <p>{t('account.codes.body')}</p>
      {renew.error && <ErrorNotice error={renew.error} />}
      {codes ? (
        <>
          <p className="notice notice--ok">{t('account.codes.shownOnce')}</p>
          <ol className="recovery-codes" aria-label={t('account.codes.list')}>
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <div className="form__actions form__actions--start">
            <CopyText
              text={text}
              label={t('account.codes.copy')}
              copied={t('account.codes.copied')}
              failed={t('account.codes.copyFailed')}
            />
            <button type="button" className="button" onClick={() => downloadRecoveryCodes(text)}>
              {t('account.codes.download')}
            </button>
          </div>
        </>
      ) : (
        <div className="form__actions form__actions--start">
          <button type="button" className="button" disabled={renew.isPending} onClick={() => void start()}>
            {renew.isPending ? t('account.codes.pending') : t('account.codes.submit')}
          </button>
        </div>
      )}
    </section>
  );
}
