import type { AppConfig } from '@cliffhanger/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import './third-party-buttons.css';

export type Provider = 'google' | 'facebook' | 'tiktok';
const PROVIDERS: readonly Provider[] = ['google', 'facebook', 'tiktok'];

/** Spec §2: third-party sign-in buttons, each only when app config enables it. */
export function ThirdPartyButtons({
  methods,
  onSelect,
}: {
  methods: AppConfig['sign_in_methods'] | undefined;
  onSelect: (provider: Provider) => void;
}) {
  const { t } = useTranslation();
  const enabled = PROVIDERS.filter((provider) => methods?.[provider]);
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
