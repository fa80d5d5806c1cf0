import { useQueryClient } from '@tanstack/react-query';
import { consoleMe, consoleSignIn } from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { afterSignInPath } from '../../app/sign-in-path';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';

/** E-mail, password and a second factor; then the page asked for, or home. */
export default function SignInPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const enrolled = (useLocation().state as { enrolled?: boolean } | null)?.enrolled === true;
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const signIn = useConsoleMutation(consoleSignIn, {
    onSuccess: (operator) => {
      queryClient.setQueryData(consoleKey(consoleMe), operator);
      void navigate(afterSignInPath(search), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ input: { body: { email, password, code } } });
  };

  return (
    <main className="page page--centred">
      <form className="form card" onSubmit={submit}>
        <h1>{t('auth.signIn.title')}</h1>
        {enrolled && (
          <p className="notice notice--ok" role="status">
            {t('auth.signIn.enrolled')}
          </p>
        )}
        <label className="field">
          <span className="field__label">{t('auth.signIn.email')}</span>
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('auth.signIn.password')}</span>
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <div className="field">
          <label className="field__label" htmlFor="sign-in-code">
            {t('auth.signIn.code')}
          </label>
          <input
            id="sign-in-code"
            className="input input--code"
            name="code"
            autoComplete="one-time-code"
            required
            aria-describedby="sign-in-code-hint"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <span id="sign-in-code-hint" className="field__hint">
            {t('auth.signIn.codeHint')}
          </span>
        </div>
        {signIn.error && <ErrorNotice error={signIn.error} />}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={signIn.isPending}>
            {signIn.isPending ? t('auth.signIn.pending') : t('auth.signIn.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}
