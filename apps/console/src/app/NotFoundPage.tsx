import { Link, useLocation } from 'react-router';
import { t } from '../i18n/messages';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body', { path: pathname })}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </>
  );
}
