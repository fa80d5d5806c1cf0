import { useQuery } from '@tanstack/react-query';
import { consoleCompleteEnrolment, consoleStartEnrolment } from '@cliffhanger/contract/console';
import { useSearchParams } from 'react-router';
import { consoleCall } from '../../api/console-api';
import { useConsoleMutation } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { EnrolmentForm } from './EnrolmentForm';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpQrCode } from './TotpQrCode';

/**
 * The enrolment link's page (`/console/enrol?token=…`): the authenticator's QR code and key, then
 * a password and a first code, then the recovery codes, shown once.
 */
export default function EnrolPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  // Each start makes a new secret, so it runs once per token (a query, not an effect a re-render or
  // React's development double-mount would repeat): the QR code on screen stays the one the server keeps.
  const start = useQuery({
    queryKey: ['console', 'enrolment', token],
    queryFn: () => consoleCall(consoleStartEnrolment, { body: { token } }),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const complete = useConsoleMutation(consoleCompleteEnrolment);

  let content;
  if (token === '') {
    content = (
      <p className="notice notice--error" role="alert">
        {t('auth.enrol.noToken')}
      </p>
    );
  } else if (complete.data) {
    content = <RecoveryCodes codes={complete.data.recovery_codes} />;
  } else if (start.error) {
    content = <ErrorNotice error={start.error} />;
  } else if (!start.data) {
    content = <Loading />;
  } else {
    content = (
      <>
        <section>
          <h2>{t('auth.enrol.scanTitle')}</h2>
          <p>{t('auth.enrol.scan', { email: start.data.email })}</p>
          <TotpQrCode uri={start.data.uri} />
          <p>{t('auth.enrol.manual')}</p>
          <p className="secret" data-testid="totp-secret">
            {start.data.secret}
          </p>
        </section>
        <section>
          <h2>{t('auth.enrol.formTitle')}</h2>
          <EnrolmentForm
            pending={complete.isPending}
            error={complete.error}
            onSubmit={(password, code) => complete.mutate({ input: { body: { token, password, code } } })}
          />
        </section>
      </>
    );
  }

  return (
    <main className="page page--narrow">
      <h1>{t('auth.enrol.title')}</h1>
      {content}
    </main>
  );
}
