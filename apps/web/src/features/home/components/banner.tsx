import type { Banner as BannerData } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { Carousel } from '../../../components/ui/carousel';
import { useDramaSheetHref } from '../../../lib/drama-sheet';
import './banner.css';

/** The featured-drama carousel at the top of home (GET /home banners); each slide opens its drama. */
export function Banner({ banners, loading }: { banners: readonly BannerData[]; loading: boolean }) {
  const { t } = useTranslation();
  const dramaHref = useDramaSheetHref();
  if (loading || banners.length === 0) {
    return (
      <div className="home-banner" data-testid="home-banner" aria-busy={loading}>
        <div className={loading ? 'home-banner__frame is-loading' : 'home-banner__frame'}>
          {!loading && <p className="home-banner__empty">{t('home.bannerEmpty')}</p>}
        </div>
      </div>
    );
  }
  const slides = banners.map((banner) => ({
    key: banner.drama_id,
    href: dramaHref(banner.drama_id),
    image: banner.image,
    title: banner.title,
  }));
  return (
    <div className="home-banner">
      <Carousel slides={slides} label={t('home.banner')} testId="home-banner" />
    </div>
  );
}
