import type { EpisodeImport } from '@cliffhanger/contract/console';
import { isMessageKey, t } from '../../../i18n/messages';

/** Where an import is, in words: its step, with the step's percentage where it has one. */
export function importStateText(item: EpisodeImport): string {
  switch (item.state) {
    case 'transcoding':
      return t('episodeUpload.state.transcoding', { percent: item.percent });
    case 'storing':
      return t('episodeUpload.state.storing', { percent: item.percent });
    case 'ready':
      return t(item.replaced ? 'episodeUpload.state.readyReplaced' : 'episodeUpload.state.ready');
    default:
      return t(`episodeUpload.state.${item.state}`);
  }
}

/**
 * Why an import failed: its code's text (80009: not a usable video), and what the server found
 * (ffprobe's complaint), which tells the operator what is wrong with the file.
 */
export function ImportError({ item }: { item: EpisodeImport }) {
  const key = `code.${item.error_code}`;
  const reason =
    item.error_code === null
      ? t('episodeUpload.cancelled')
      : isMessageKey(key)
        ? t(key)
        : t('error.unknownCode', { code: item.error_code, message: item.error_message ?? '' });
  return (
    <div className="notice notice--error">
      <p>{reason}</p>
      {item.error_message && item.error_code !== null && (
        <p className="episode-upload__detail">{t('episodeUpload.detail', { message: item.error_message })}</p>
      )}
    </div>
  );
}
