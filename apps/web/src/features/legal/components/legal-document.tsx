import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { useAppConfig, useProductName } from '../../../lib/app-config/get-app-config';
import './legal-document.css';

/** Both legal pages state a last-updated date of 2024-12-26 (docs/product.md#what-the-product-does). */
const LEGAL_LAST_UPDATED = '2024-12-26';

/** The sections of each document in reading order; each has a title and a body in the catalogues. */
const PRIVACY_SECTIONS = ['collect', 'sms', 'use', 'sharing', 'deletion', 'children', 'choices'] as const;
const TERMS_SECTIONS = ['account', 'coins', 'purchases', 'conduct', 'children', 'ending', 'changes'] as const;

type Kind = 'privacy' | 'terms';

function sectionsOf(kind: Kind, t: TFunction, app: string): { key: string; title: string; body: string }[] {
  return kind === 'privacy'
    ? PRIVACY_SECTIONS.map((key) => ({
        key,
        title: t(`legal.privacy.${key}.title`),
        body: t(`legal.privacy.${key}.body`, { app }),
      }))
    : TERMS_SECTIONS.map((key) => ({
        key,
        title: t(`legal.terms.${key}.title`),
        body: t(`legal.terms.${key}.body`, { app }),
      }));
}

export function LegalDocument({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const app = useProductName();
  const email = useAppConfig().data?.support_email;
  return (
    <article className="page-body legal" data-testid={`legal-${kind}`}>
      <p className="legal__updated">{t('legal.lastUpdated', { date: LEGAL_LAST_UPDATED })}</p>
      <p>{t(`legal.${kind}.intro`, { app })}</p>
      {sectionsOf(kind, t, app).map((section) => (
        <section key={section.key} className="legal__section" data-testid={`legal-${kind}-${section.key}`}>
          <h2 className="legal__heading">{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <section className="legal__section">
        <h2 className="legal__heading">{t('legal.contactTitle')}</h2>
        <p data-testid="legal-contact">{email ? t('legal.contact', { email }) : t('legal.contactInApp')}</p>
      </section>
    </article>
  );
}
