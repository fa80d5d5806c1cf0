import { createContext, useContext } from 'react';

type AskTotp = () => Promise<string | null>;

export const TotpContext = createContext<AskTotp | null>(null);

/**
 * For money actions (`freshTotp` endpoints): `const totp = await askTotp()` opens the prompt and
 * resolves the six digits entered, or null when the operator cancels (then do nothing);
 * `consoleCall(endpoint, input, { totp })` sends it.
 */
export function useFreshTotp(): AskTotp {
  const askTotp = useContext(TotpContext);
  if (!askTotp) throw new Error('useFreshTotp is used outside TotpProvider');
  return askTotp;
}
