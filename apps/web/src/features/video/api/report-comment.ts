import { reportComment, type Comment, type CommentReportReason } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';

/**
 * POST /comments/:id/report. A repeat report is a success too (the server keeps the first), so
 * the viewer is thanked either way; a refusal is said as a toast.
 */
export function useReportComment() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ comment, reason }: { comment: Comment; reason: CommentReportReason }) =>
      api.call(reportComment, { params: { id: comment.id }, body: { reason } }),
    onSuccess: () => showToast(t('video.reported')),
    onError: (error) => showToast(messageForError(error, t)),
  });
}
