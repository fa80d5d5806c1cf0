import { useQueryClient } from '@tanstack/react-query';
import { consoleSignOut } from '@cliffhanger/contract/console';
import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useConsoleMutation } from '../api/console-query';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { t } from '../i18n/messages';
import { navEntriesFor } from './nav';
import { useOperator } from './operator-context';
import { SIGN_IN_PATH } from './sign-in-path';

const MAIN_ID = 'main';

/** The signed-in frame: the sidebar (the sections the operator's role may see, who is signed in, sign-out) and the page. */
export function Layout() {
  const operator = useOperator();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useConsoleMutation(consoleSignOut, {
    onSuccess: () => {
      void navigate(SIGN_IN_PATH, { replace: true });
      queryClient.removeQueries();
    },
  });

  return (
    <div className="layout">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('app.skipToContent')}
      </a>
      <aside className="sidebar">
        <p className="sidebar__title">{t('app.title')}</p>
        <nav aria-label={t('nav.label')}>
          <ul className="sidebar__nav">
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            {navEntriesFor(operator.role).map((entry) => (
              <li key={entry.path}>
                <NavLink to={entry.path}>{t(entry.labelKey)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar__operator">
          <p className="sidebar__email">{t('layout.signedInAs', { email: operator.email })}</p>
          <p className="sidebar__role">{t(`role.${operator.role}`)}</p>
          <button type="button" className="button" disabled={signOut.isPending} onClick={() => signOut.mutate({})}>
            {t('layout.signOut')}
          </button>
          {signOut.error && <ErrorNotice error={signOut.error} />}
        </div>
      </aside>
      <main className="page" id={MAIN_ID} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
