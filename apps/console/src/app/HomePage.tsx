import { Link } from 'react-router';
import { t } from '../i18n/messages';
import { navEntriesFor } from './nav';
import { useOperator } from './operator-context';

/** Where an operator lands after signing in: who they are and the areas their role opens. */
export function HomePage() {
  const operator = useOperator();
  const entries = navEntriesFor(operator.role);
  return (
    <>
      <h1>{t('home.title', { email: operator.email })}</h1>
      <p>{t('home.role', { role: t(`role.${operator.role}`) })}</p>
      <h2>{t('home.areas')}</h2>
      {entries.length === 0 ? (
        <p>{t('home.noAreas')}</p>
      ) : (
        <ul className="link-list">
          {entries.map((entry) => (
            <li key={entry.path}>
              <Link to={entry.path}>{t(entry.labelKey)}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
