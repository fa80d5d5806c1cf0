import type { DramaDetail, Playback } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { CommentIcon, EpisodesIcon, HeartIcon, ShareIcon, StarIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format-count';
import { useRequireLogin } from '../../../lib/require-login';
import { useToggleFavorite } from '../api/toggle-favorite';
import { useToggleLike } from '../api/toggle-like';
import { useShareEpisode } from '../hooks/use-share-episode';
import { ActionButton } from './action-button';
import { DownloadAction } from './download-action';
import './episode-actions.css';

export interface EpisodeActionsProps {
  drama: DramaDetail;
  /** Null while the current episode is locked or loading: like, comments and download wait. */
  playback: Playback | null;
  /** The current episode is locked for this viewer (what download says while it waits). */
  locked: boolean;
  episodeId: number;
  mobile: boolean;
  layout: 'column' | 'row';
  onComments?: () => void;
  onEpisodes?: () => void;
}

/**
 * Like (with count), favourite, share and download (an SD MP4), with comments and the episode list
 * where the page gives them a place to open (`onComments`, `onEpisodes`).
 */
export function EpisodeActions({
  drama,
  playback,
  locked,
  episodeId,
  mobile,
  layout,
  onComments,
  onEpisodes,
}: EpisodeActionsProps) {
  const { t, i18n } = useTranslation();
  const requireLogin = useRequireLogin();
  const like = useToggleLike();
  const favorite = useToggleFavorite();
  const share = useShareEpisode();

  return (
    <div className={`episode-actions episode-actions--${layout}`} data-testid="episode-actions">
      <ActionButton
        icon={<HeartIcon filled={playback?.liked} />}
        label={playback?.liked ? t('video.unlike') : t('video.like')}
        caption={<span data-testid="video-like-count">{formatCount(playback?.likes ?? 0, i18n.language)}</span>}
        pressed={playback?.liked ?? false}
        disabled={!playback}
        className={playback?.liked ? 'video-action--on' : undefined}
        onClick={() => {
          if (!playback || !requireLogin()) return;
          like.mutate({ episodeId: playback.episode.id, like: !playback.liked, likes: playback.likes });
        }}
        data-testid="video-like"
      />
      <ActionButton
        icon={<StarIcon filled={drama.favorited} />}
        label={drama.favorited ? t('video.unfavorite') : t('video.favorite')}
        caption={t('video.favoriteShort')}
        pressed={drama.favorited}
        className={drama.favorited ? 'video-action--on' : undefined}
        onClick={() => {
          if (!requireLogin()) return;
          favorite.mutate({ dramaId: drama.id, favorite: !drama.favorited });
        }}
        data-testid="video-favorite"
      />
      {onComments && (
        <ActionButton
          icon={<CommentIcon />}
          label={t('video.comments')}
          caption={formatCount(playback?.comment_count ?? 0, i18n.language)}
          disabled={!playback}
          onClick={onComments}
          data-testid="video-comments"
        />
      )}
      <ActionButton
        icon={<ShareIcon />}
        label={t('video.share')}
        onClick={() => void share({ dramaId: drama.id, episodeId, title: drama.title, mobile })}
        data-testid="video-share"
      />
      {onEpisodes && (
        <ActionButton icon={<EpisodesIcon />} label={t('video.episodes')} onClick={onEpisodes} data-testid="video-episodes" />
      )}
      <DownloadAction url={playback?.download_url ?? null} locked={locked} />
    </div>
  );
}
