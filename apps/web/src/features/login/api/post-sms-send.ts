import { postSmsSend } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/sms/send: answers the seconds until another code may be requested. */
export async function sendSmsCode(phone: string): Promise<{ resendIn: number }> {
  const { data } = await api.call(postSmsSend, { body: { phone } });
  return { resendIn: data.resend_in };
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
