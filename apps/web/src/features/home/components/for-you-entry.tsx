import { Link } from 'react-router';
import { PlayIcon } from '../../../components/ui/icons';
import { forYouHref } from '../../../lib/paths';
import { useTranslation } from '../../../lib/use-translation';

/** Home's way into the For You feed: a chip at the bar's end, so nothing on home moves for it. */
export function ForYouEntry() {
  const { t } = useTranslation();
  return (
    <Link className="home-bar__for-you" to={forYouHref()} data-testid="home-for-you">
      <PlayIcon size={16} />
      {t('forYou.open')}
    </Link>
  );
}
