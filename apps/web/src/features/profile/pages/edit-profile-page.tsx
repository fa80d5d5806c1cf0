import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/ui/nav-bar';
import { ProfileForm } from '../components/profile-form';

/** /pages/user/edit-person-info: the shell draws the default bar. */
export function EditProfilePage() {
  return (
    <div className="page-body">
      <ProfileForm />
    </div>
  );
}

/** /components/editPersonInfo: the same form under its own (custom) bar, spec §2. */
export function EditProfileCustomPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar kind="custom" title={t('titles.editProfile')} showBack />
      <div className="page-body">
        <ProfileForm />
      </div>
    </>
  );
}
