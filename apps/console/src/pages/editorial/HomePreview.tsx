import { LANGUAGES, type Language } from '@cliffhanger/contract/browser';
import { consolePreviewHome } from '@cliffhanger/contract/console';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useConsoleQuery } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';

/**
 * Home as a viewer of each language sees it now: the viewers' own answer, drawn as the banner
 * carousel and the recommended shelf. Tabs per language (arrow keys move between them).
 */
export function HomePreview() {
  const baseId = useId();
  const [lang, setLang] = useState<Language>('zh');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const preview = useConsoleQuery(consolePreviewHome, { query: { lang } });

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: LANGUAGES.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + LANGUAGES.length) % LANGUAGES.length;
    setLang(LANGUAGES[next] ?? 'zh');
    tabs.current[next]?.focus();
  };

  const tabId = (l: Language) => `${baseId}-tab-${l}`;
  const panelId = `${baseId}-panel`;
  return (
    <section className="panel preview" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{t('editorial.preview.title')}</h2>
      <p className="field__hint">{t('editorial.preview.hint')}</p>
      <div className="tabs" role="tablist" aria-label={t('editorial.preview.languages')}>
        {LANGUAGES.map((l, index) => (
          <button
            key={l}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabId(l)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={l === lang}
            aria-controls={panelId}
            tabIndex={l === lang ? 0 : -1}
            onClick={() => setLang(l)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`editorial.preview.lang.${l}`)}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(lang)} className="preview__panel" lang={lang}>
        {preview.isPending ? (
          <Loading />
        ) : preview.error ? (
          <ErrorNotice error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          <>
            <h3>{t('editorial.preview.banners')}</h3>
            {preview.data.banners.length === 0 ? (
              <p>{t('editorial.preview.empty')}</p>
            ) : (
              <ul className="preview__carousel" aria-label={t('editorial.preview.banners')}>
                {preview.data.banners.map((banner) => (
                  <li key={banner.drama_id} className="preview__banner">
                    <img src={banner.image} alt="" loading="lazy" />
                    <span className="preview__caption">{banner.title}</span>
                  </li>
                ))}
              </ul>
            )}
            <h3>{t('editorial.preview.recommended')}</h3>
            {preview.data.recommended.length === 0 ? (
              <p>{t('editorial.preview.empty')}</p>
            ) : (
              <ul className="preview__shelf" aria-label={t('editorial.preview.recommended')}>
                {preview.data.recommended.map((card) => (
                  <li key={card.id} className="preview__card">
                    <img src={card.poster} alt="" loading="lazy" />
                    <span className="preview__caption">{card.title}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
