import { useQueryClient } from '@tanstack/react-query';
import { consoleSignOutEverywhere } from '@cliffhanger/contract/console';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsoleMutation } from '../../api/console-query';
import { SIGN_IN_PATH } from '../../app/sign-in-path';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';

/** Ends every session of the operator, this one included, after a confirmation; then the sign-in page. */
export function SignOutEverywhere() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const signOut = useConsoleMutation(consoleSignOutEverywhere, {
    onSuccess: () => {
      void navigate(SIGN_IN_PATH, { replace: true });
      queryClient.removeQueries();
    },
  });

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.everywhere.title')}</h2>
      <p>{t('account.everywhere.body')}</p>
      <div className="form__actions form__actions--start">
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          {t('account.everywhere.submit')}
        </button>
      </div>
      {confirming && (
        <Dialog title={t('account.everywhere.confirmTitle')} onClose={() => setConfirming(false)}>
          <div className="form">
            <p>{t('account.everywhere.body')}</p>
            {signOut.error && <ErrorNotice error={signOut.error} />}
            <div className="form__actions">
              <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
                {t('app.cancel')}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate({})}
              >
                {signOut.isPending ? t('account.everywhere.pending') : t('account.everywhere.confirm')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}
