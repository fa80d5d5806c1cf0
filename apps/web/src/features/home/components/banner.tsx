import { useTranslation } from 'react-i18next';
import './banner.css';

/** The featured-drama banner; slides arrive with the home data (GET /home). */
export function Banner() {
  const { t } = useTranslation();
  return (
    <section className="home-banner" aria-label={t('home.banner')} data-testid="home-banner">
      <div className="home-banner__frame">
        <p className="home-banner__empty">{t('home.bannerEmpty')}</p>
      </div>
    </section>
  );
}
