import { useTranslation } from '../../../lib/use-translation';
import { LoginRequired } from '../../../components/ui/login-required';
import { NavBar } from '../../../components/ui/nav-bar';
import { useSession } from '../../../lib/session';
import { ProfileForm } from '../components/profile-form';

/**
 * /pages/user/edit-person-info (the shell draws the default bar): the form for a signed-in
 * viewer; a visitor is asked to sign in first (docs/product.md#roles).
 */
export function EditProfilePage() {
  const { signedIn, userInfo } = useSession();
  return (
    <div className="page-body">
      {/* Keyed by uid: signing in as someone else starts the form afresh from their profile. */}
      {signedIn && userInfo ? <ProfileForm key={userInfo.uid} /> : <LoginRequired />}
    </div>
  );
}

/** /components/editPersonInfo: the same form under its own (custom) bar. */
export function EditProfileCustomPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar kind="custom" title={t('titles.editProfile')} showBack />
      <EditProfilePage />
    </>
  );
}
