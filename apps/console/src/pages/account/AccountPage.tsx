import { t } from '../../i18n/messages';
import { useOperator } from '../../app/operator-context';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NewRecoveryCodes } from './NewRecoveryCodes';
import { SignOutEverywhere } from './SignOutEverywhere';

/** The signed-in operator's own account: password, recovery codes, sessions. */
export default function AccountPage() {
  const operator = useOperator();
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p>{t('layout.signedInAs', { email: operator.email })}</p>
      <ChangePasswordForm />
      <NewRecoveryCodes />
      <SignOutEverywhere />
    </>
  );
}
