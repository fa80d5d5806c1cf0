import type { ConsoleEpisode } from '@cliffhanger/contract/console';
import type { ReactNode } from 'react';
import { SortableList, type SortableListMessages } from '../../components/SortableList';
import { t } from '../../i18n/messages';

const MESSAGES: SortableListMessages = {
  moved: 'catalogue.episodes.moved',
  instructions: 'catalogue.episodes.dnd.instructions',
  picked: 'catalogue.episodes.dnd.picked',
  over: 'catalogue.episodes.dnd.moved',
  dropped: 'catalogue.episodes.dnd.dropped',
  cancelled: 'catalogue.episodes.dnd.cancelled',
  up: 'catalogue.episodes.up',
  down: 'catalogue.episodes.down',
};

interface EpisodeOrderListProps {
  episodes: readonly ConsoleEpisode[];
  onChange: (episodes: ConsoleEpisode[]) => void;
  /** What a row shows after its handle and position: the episode's facts and its own actions. */
  renderEpisode: (episode: ConsoleEpisode) => ReactNode;
}

/** A drama's episodes in their order, to rearrange before saving; each row names its episode by English title. */
export function EpisodeOrderList({ episodes, onChange, renderEpisode }: EpisodeOrderListProps) {
  return (
    <SortableList
      items={episodes}
      label={t('catalogue.episodes.orderLabel')}
      onChange={onChange}
      idAttribute="data-episode-id"
      titleOf={(episode) => episode.title.en}
      messages={MESSAGES}
      handleLabel={(episode) => t('catalogue.episodes.handle', { number: episode.number, title: episode.title.en })}
      renderItem={renderEpisode}
    />
  );
}
