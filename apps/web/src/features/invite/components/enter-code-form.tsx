import { INVITE_CODE_MAX_LENGTH } from '@cliffhanger/contract/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { TextInput } from '../../../components/ui/text-input';
import { isTransportFailure, messageForError } from '../../../lib/error-message';
import { useRequireLogin } from '../../../lib/require-login';
import { showToast } from '../../../lib/toast';
import { useEnterInviteCode } from '../api/invite';

/**
 * Enter a friend's invite code (prefilled from a shared link's `?code=`; docs/product.md#validation-rules).
 * Accepted: the welcome coins are credited and toasted. Refused: the code's own message (unknown code, own
 * code, after the 3 days, the inviter's limit, not a new user, already invited) under the field. Once a code
 * was entered, or the window closed (`closed`, with who invited the viewer), the form gives way to a note. A
 * visitor is asked to log in on submit.
 */
export function EnterCodeForm({ closed }: { closed: { inviter: string | null } | null }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => (params.get('code') ?? '').slice(0, INVITE_CODE_MAX_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const mutation = useEnterInviteCode();

  if (closed) {
    return (
      <Section title={t('invite.enterTitle')} testId="invite-enter">
        <p className="page-intro" data-testid="invite-enter-closed">
          {closed.inviter === null ? t('invite.enterClosed') : t('invite.invitedBy', { nickname: closed.inviter })}
        </p>
      </Section>
    );
  }

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
      onSuccess: (result) => {
        setCode('');
        showToast(t('invite.acceptedReward', { coins: result.reward }));
      },
      // A request that never got an answer already showed 'Network Error'.
      onError: (failure) => {
        if (!isTransportFailure(failure)) setError(messageForError(failure, t));
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
          maxLength={INVITE_CODE_MAX_LENGTH}
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
