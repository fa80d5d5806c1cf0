import { COMMENT_REPORT_REASONS, type Comment, type CommentReportReason } from '@cliffhanger/contract/browser';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/use-translation';
import { useReportComment } from '../api/report-comment';

const REASON_KEYS = {
  spam: 'video.reportReasonSpam',
  abuse: 'video.reportReasonAbuse',
  spoiler: 'video.reportReasonSpoiler',
  other: 'video.reportReasonOther',
} as const satisfies Record<CommentReportReason, string>;

/**
 * The reasons to report `comment` for, one tap each: the tap sends the report and closes the
 * sheet. Open while `comment` is set.
 */
export function CommentReportSheet({ comment, onClose }: { comment: Comment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useReportComment();
  return (
    <Dialog
      open={comment !== null}
      title={t('video.reportTitle')}
      message={t('video.reportPrompt')}
      onClose={onClose}
      testId="comment-report-sheet"
      className="comment-report-sheet"
    >
      <div className="comment-report-sheet__reasons">
        {COMMENT_REPORT_REASONS.map((reason) => (
          <Button
            key={reason}
            variant="secondary"
            disabled={report.isPending}
            onClick={() => {
              if (comment) report.mutate({ comment, reason });
              onClose();
            }}
            data-testid={`comment-report-${reason}`}
          >
            {t(REASON_KEYS[reason])}
          </Button>
        ))}
        <Button variant="secondary" onClick={onClose} data-autofocus data-testid="comment-report-cancel">
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
