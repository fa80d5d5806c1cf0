import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { PATHS } from '../lib/paths';
import './page-failure.css';

/** The last resort when the frame itself fails: 'System Error' and a way home. */
export function RootError() {
  const { t } = useTranslation();
  return (
    <div className="page-failure" role="alert" data-testid="system-error">
      <p className="page-failure__text">{t('errors.system')}</p>
      <Link className={buttonClassName()} to={PATHS.home} reloadDocument>
        {t('common.backToHome')}
      </Link>
    </div>
  );
}
