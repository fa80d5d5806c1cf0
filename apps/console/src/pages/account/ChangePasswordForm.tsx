import { consoleChangeOwnPassword } from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { useConsoleMutation } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFreshTotp } from '../../components/fresh-totp';
import { t } from '../../i18n/messages';

const PASSWORD_MIN = 8;

type Problem = 'missing' | 'tooShort' | 'mismatch' | null;

/** The current password, the new one twice, then a fresh code: the server checks the rest (common passwords). */
export function ChangePasswordForm() {
  const id = useId();
  const askTotp = useFreshTotp();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const change = useConsoleMutation(consoleChangeOwnPassword, {
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    const found: Problem =
      current === '' ? 'missing' : [...next].length < PASSWORD_MIN ? 'tooShort' : next !== repeat ? 'mismatch' : null;
    setProblem(found);
    if (found) return;
    const totp = await askTotp();
    if (totp === null) return;
    change.mutate({ input: { body: { current_password: current, new_password: next } }, options: { totp } });
  };

  const problemText =
    problem === 'missing'
      ? t('account.password.missing')
      : problem === 'tooShort'
        ? t('account.password.tooShort')
        : problem === 'mismatch'
          ? t('account.password.mismatch')
          : null;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.password.title')}</h2>
      <p>{t('account.password.body')}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-current`}>
            {t('account.password.current')}
          </label>
          <input
            id={`${id}-current`}
            className="input"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={problem === 'missing'}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-new`}>
            {t('account.password.new')}
          </label>
          <input
            id={`${id}-new`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={next}
            aria-invalid={problem === 'tooShort'}
            aria-describedby={`${id}-new-hint`}
            onChange={(event) => setNext(event.target.value)}
          />
          <p id={`${id}-new-hint`} className="field__hint">
            {t('account.password.newHint')}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-repeat`}>
            {t('account.password.repeat')}
          </label>
          <input
            id={`${id}-repeat`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={repeat}
            aria-invalid={problem === 'mismatch'}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </div>
        {problemText && (
          <p className="field__error" role="alert">
            {problemText}
          </p>
        )}
        {change.error && <ErrorNotice error={change.error} />}
        <div role="status">{change.isSuccess && <p className="notice notice--ok">{t('account.password.done')}</p>}</div>
        <div className="form__actions form__actions--start">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? t('account.password.pending') : t('account.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
