import { isApiError } from '@cliffhanger/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { TextInput } from '../../../components/ui/text-input';
import { messageForError } from '../../../lib/error-message';
import { useRequireLogin } from '../../../lib/require-login';
import { showToast } from '../../../lib/toast';
import { useEnterInviteCode } from '../api/enter-invite-code';

/** Spec §2/§5: enter a friend's invite code (at most 140 characters). */
export function EnterCodeForm() {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useEnterInviteCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t('invite.enterCode'));
      return;
    }
    setError(null);
    if (!requireLogin()) return;
    mutation.mutate(value, {
      onSuccess: () => {
        setCode('');
        showToast(t('invite.accepted'));
      },
      // A transport failure already showed 'Network Error'.
      onError: (failure) => {
        if (!(isApiError(failure) && failure.isTransportFailure)) showToast(messageForError(failure, t));
      },
    });
  };

  return (
    <Section title={t('invite.enterTitle')} testId="invite-enter">
      <form className="invite-form" onSubmit={onSubmit} noValidate>
        <TextInput
          label={t('invite.codeLabel')}
          placeholder={t('invite.codePlaceholder')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          data-testid="invite-code-input"
        />
        <Button type="submit" block disabled={mutation.isPending} data-testid="invite-submit">
          {t('invite.submit')}
        </Button>
      </form>
    </Section>
  );
}
