import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client';

/**
 * Spec §7 ★ PUT /invite/{invite_code} with a payload including invite_code; only `code` is read.
 * The contract has no endpoint object for it yet, so this goes through the contract's HTTP client
 * (same headers, code classification and 'Network Error' toast) and reads no data.
 */
export async function enterInviteCode(inviteCode: string): Promise<void> {
  await http({ method: 'PUT', path: `/invite/${encodeURIComponent(inviteCode)}`, body: { invite_code: inviteCode } });
}

export function useEnterInviteCode() {
  return useMutation({ mutationFn: enterInviteCode });
}
