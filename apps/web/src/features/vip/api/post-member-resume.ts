import { postMemberResume, type Membership } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBERSHIP_QUERY_KEY } from '../../../lib/library-query-keys';

/** POST /member/resume: undoes a cancellation before the paid period ends. */
export async function resumeSubscription(): Promise<Membership> {
  const { data } = await api.call(postMemberResume);
  return data;
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (membership) => queryClient.setQueryData(MEMBERSHIP_QUERY_KEY, membership),
    onError: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY }),
  });
}
