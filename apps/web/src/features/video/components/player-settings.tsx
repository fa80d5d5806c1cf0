import { PLAYBACK_RATES, type Language, type PlaybackRate } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import type { SubtitleChoice } from '../player/preferences';
import type { Quality } from '../../../lib/player/quality';
import './player-settings.css';

export interface PlayerSettingsProps {
  qualities: readonly Quality[];
  quality: Quality;
  onQuality: (quality: Quality) => void;
  subtitles: readonly Language[];
  subtitle: SubtitleChoice;
  onSubtitle: (choice: SubtitleChoice) => void;
  rate: PlaybackRate;
  onRate: (rate: PlaybackRate) => void;
}

/** Speed (0.75× to 2×), quality (auto / HD / SD) and subtitles (off or a language), each a row of choices. */
export function PlayerSettings({
  qualities,
  quality,
  onQuality,
  subtitles,
  subtitle,
  onSubtitle,
  rate,
  onRate,
}: PlayerSettingsProps) {
  const { t, i18n } = useTranslation();
  const subtitleChoices: SubtitleChoice[] = ['off', ...subtitles];
  return (
    <div className="player-settings">
      <fieldset className="player-settings__group">
        <legend className="player-settings__legend">{t('video.speed')}</legend>
        <div className="player-settings__options">
          {PLAYBACK_RATES.map((option) => (
            <button
              key={option}
              type="button"
              className="player-settings__option"
              aria-pressed={option === rate}
              onClick={() => onRate(option)}
              data-testid={`speed-option-${option}`}
            >
              {t('video.speedValue', { rate: option.toLocaleString(i18n.language) })}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="player-settings__group">
        <legend className="player-settings__legend">{t('video.quality')}</legend>
        <div className="player-settings__options">
          {qualities.map((option) => (
            <button
              key={option}
              type="button"
              className="player-settings__option"
              aria-pressed={option === quality}
              onClick={() => onQuality(option)}
              data-testid={`quality-option-${option}`}
            >
              {t(`video.qualities.${option}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="player-settings__group">
        <legend className="player-settings__legend">{t('video.subtitles')}</legend>
        <div className="player-settings__options">
          {subtitleChoices.map((option) => (
            <button
              key={option}
              type="button"
              className="player-settings__option"
              aria-pressed={option === subtitle}
              onClick={() => onSubtitle(option)}
              data-testid={`subtitle-option-${option}`}
            >
              {option === 'off' ? t('video.subtitlesOff') : t(`video.subtitleLanguages.${option}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
