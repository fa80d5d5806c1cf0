import { LegalDocument } from '../components/legal-document';

export function PrivacyPolicyPage() {
  return <LegalDocument kind="privacy" />;
}
