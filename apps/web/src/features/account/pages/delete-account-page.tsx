import { isApiError } from '@cliffhanger/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AlertIcon } from '../../../components/ui/icons';
import { messageForError } from '../../../lib/error-message';
import { PATHS } from '../../../lib/paths';
import { useRequireLogin } from '../../../lib/require-login';
import { showToast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import './delete-account-page.css';

/** Account deletion (spec §2): a notice with a confirm button, then 'keep account' or 'confirm deletion'. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const [asking, setAsking] = useState(false);
  const mutation = useDeleteAccount();

  const confirmDeletion = () => {
    mutation.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        void navigate(PATHS.home, { replace: true });
      },
      onError: (error) => {
        setAsking(false);
        if (!(isApiError(error) && error.isTransportFailure)) showToast(messageForError(error, t));
      },
    });
  };

  return (
    <div className="page-body delete-account">
      <section className="delete-account__notice" aria-labelledby="delete-account-title">
        <AlertIcon size={36} className="delete-account__icon" />
        <h2 id="delete-account-title" className="delete-account__title">
          {t('deleteAccount.noticeTitle')}
        </h2>
        <p>{t('deleteAccount.noticeBody')}</p>
        <p>{t('deleteAccount.noticeSignIn')}</p>
      </section>
      <Button
        variant="danger"
        block
        onClick={() => requireLogin() && setAsking(true)}
        data-testid="delete-account-confirm"
      >
        {t('deleteAccount.confirmButton')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('deleteAccount.popupTitle')}
        message={t('deleteAccount.popupBody')}
        cancelLabel={t('deleteAccount.keep')}
        confirmLabel={t('deleteAccount.confirmDeletion')}
        destructive
        busy={mutation.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirmDeletion}
        testId="delete-account-dialog"
      />
    </div>
  );
}
