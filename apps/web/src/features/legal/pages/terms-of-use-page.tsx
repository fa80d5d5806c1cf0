import { LegalDocument } from '../components/legal-document';

export function TermsOfUsePage() {
  return <LegalDocument kind="terms" />;
}
