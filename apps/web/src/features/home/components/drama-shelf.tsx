import type { DramaCard } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { DramaCardSkeleton, DramaCardView } from '../../../components/ui/drama-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Section } from '../../../components/ui/section';
import { useDramaSheetHref } from '../../../lib/drama-sheet';
import './drama-shelf.css';

const SKELETON_CARDS = [0, 1, 2, 3];

/** One shelf of home (recommended, hot, latest): a row of poster cards that scrolls sideways. */
export function DramaShelf({
  title,
  dramas,
  loading,
  testId,
}: {
  title: string;
  dramas: readonly DramaCard[];
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const dramaHref = useDramaSheetHref();
  return (
    <Section title={title} testId={testId}>
      {!loading && dramas.length === 0 ? (
        <EmptyState text={t('common.noRecords')} />
      ) : (
        <ul className="home-shelf" aria-label={title} aria-busy={loading} data-testid={`${testId}-list`}>
          {loading
            ? SKELETON_CARDS.map((key) => (
                <li key={key} className="home-shelf__item">
                  <DramaCardSkeleton />
                </li>
              ))
            : dramas.map((drama) => (
                <li key={drama.id} className="home-shelf__item">
                  <DramaCardView drama={drama} href={dramaHref(drama.id)} testId={`${testId}-card`} />
                </li>
              ))}
        </ul>
      )}
    </Section>
  );
}
