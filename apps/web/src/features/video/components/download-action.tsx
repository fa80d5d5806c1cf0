import { useId } from 'react';
import { DownloadIcon } from '../../../components/ui/icons';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

export interface DownloadActionProps {
  /** The signed MP4 of the playing episode; null while it is locked or still loading. */
  url: string | null;
  /** The episode is locked for this viewer (else, without a URL, it is loading). */
  locked: boolean;
}

/**
 * Download (an SD MP4). Without a file yet it stays in its place, dimmed, and says why instead of
 * doing nothing: the reason is its accessible description and hover title, and a tap shows it.
 * It is `aria-disabled`, not `disabled`, because a disabled button receives no tap to answer.
 */
export function DownloadAction({ url, locked }: DownloadActionProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  if (url) {
    return (
      <a className="video-action" href={url} download aria-label={t('video.download')} data-testid="video-download">
        <DownloadFace label={t('video.download')} />
      </a>
    );
  }
  const reason = t(locked ? 'video.downloadLocked' : 'video.downloadLoading');
  return (
    <button
      type="button"
      className="video-action"
      aria-disabled="true"
      aria-label={t('video.download')}
      aria-describedby={reasonId}
      title={reason}
      onClick={() => showToast(reason)}
      data-testid="video-download"
      data-reason={locked ? 'locked' : 'loading'}
    >
      <DownloadFace label={t('video.download')} />
      <span id={reasonId} className="visually-hidden" data-testid="video-download-reason">
        {reason}
      </span>
    </button>
  );
}

/** The icon and caption both states of the action show. */
function DownloadFace({ label }: { label: string }) {
  return (
    <>
      <span className="video-action__icon">
        <DownloadIcon />
      </span>
      <span className="video-action__caption" aria-hidden="true">
        {label}
      </span>
    </>
  );
}
