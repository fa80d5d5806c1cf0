import { useTranslation } from 'react-i18next';
import { useAppConfig, useProductName } from '../../../lib/app-config/get-app-config';
import './legal-document.css';

/** Spec §1: both legal pages state a last-updated date of 2024-12-26. */
export const LEGAL_LAST_UPDATED = '2024-12-26';

export function LegalDocument({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const app = useProductName();
  const email = useAppConfig().data?.support_email;
  const paragraphs = [
    t(`legal.${kind}.p1`, { app }),
    t(`legal.${kind}.p2`),
    t(`legal.${kind}.p3`),
    t(`legal.${kind}.p4`),
    t(`legal.${kind}.p5`),
  ];
  return (
    <article className="page-body legal" data-testid={`legal-${kind}`}>
      <p className="legal__updated">{t('legal.lastUpdated', { date: LEGAL_LAST_UPDATED })}</p>
      {paragraphs.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
      {email && <p>{t('legal.contact', { email })}</p>}
    </article>
  );
}
