import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AlertIcon } from '../../../components/ui/icons';
import { LoginRequired } from '../../../components/ui/login-required';
import { isTransportFailure, messageForError } from '../../../lib/error-message';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import './delete-account-page.css';

/**
 * Account deletion (docs/product.md#screen-contents): a notice with a confirm button, then a popup
 * with 'keep account' or 'confirm deletion'. Deleting signs this device out and shows the Me tab as a
 * visitor.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [asking, setAsking] = useState(false);
  // Owned here, not by the signed-in view: that view goes away the moment the session clears.
  const mutation = useDeleteAccount();

  const confirmDeletion = () => {
    mutation.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        showToast(t('deleteAccount.deleted'));
        void navigate(PATHS.me, { replace: true });
      },
      onError: (error) => {
        setAsking(false);
        // A transport failure already showed 'Network Error'.
        if (!isTransportFailure(error)) showToast(messageForError(error, t));
      },
    });
  };

  if (!signedIn && !mutation.isPending && !mutation.isSuccess) {
    return (
      <div className="page-body">
        <LoginRequired message={t('deleteAccount.visitor')} />
      </div>
    );
  }

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
      <Button variant="danger" block onClick={() => setAsking(true)} data-testid="delete-confirm">
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
        testId="delete-popup"
        cancelTestId="delete-popup-keep"
        confirmTestId="delete-popup-confirm"
      />
    </div>
  );
}
