import type { AppConfig, OAuthProvider } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { enabledProviders } from '../providers';
import './third-party-buttons.css';

/** Third-party sign-in buttons, each only when app config enables it. */
export function ThirdPartyButtons({
  methods,
  pending,
  onSelect,
}: {
  methods: AppConfig['sign_in_methods'] | undefined;
  pending: OAuthProvider | null;
  onSelect: (provider: OAuthProvider) => void;
}) {
  const { t } = useTranslation();
  const enabled = enabledProviders(methods);
  if (enabled.length === 0) return null;
  return (
    <div className="third-party" data-testid="third-party-sign-in">
      <p className="third-party__title">{t('login.thirdParty')}</p>
      <div className="third-party__buttons">
        {enabled.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            block
            disabled={pending !== null}
            aria-busy={pending === provider || undefined}
            onClick={() => onSelect(provider)}
            data-testid={`sign-in-${provider}`}
          >
            {t(`login.${provider}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
