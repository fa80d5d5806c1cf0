import { CHART_KINDS, type ChartKind } from '@cliffhanger/contract/browser';
import { useId, useState } from 'react';
import { DramaCardView } from '../../../components/ui/drama-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Section } from '../../../components/ui/section';
import { Tabs } from '../../../components/ui/tabs';
import { useDramaSheetHref } from '../../../lib/drama-sheet';
import { useTranslation } from '../../../lib/use-translation';
import { useCharts } from '../api/get-charts';
import './charts-section.css';

/**
 * Home's "Charts": one tab per chart (most watched this week, rising, most collected), each a
 * ranked row of posters with its rank on it. The ranks come from the server's last count
 * (docs/product.md#charts). Shown once loaded; a failed load leaves it out, as home's extras do.
 */
export function ChartsSection() {
  const { t } = useTranslation();
  const dramaHref = useDramaSheetHref();
  const charts = useCharts();
  const [kind, setKind] = useState<ChartKind>('most_watched');
  const panelId = useId();
  if (!charts.data) return null;
  const labels: Record<ChartKind, string> = {
    most_watched: t('home.chartMostWatched'),
    rising: t('home.chartRising'),
    most_collected: t('home.chartMostCollected'),
  };
  const entries = charts.data[kind];
  return (
    <div className="page-body">
      <Section title={t('home.charts')} testId="home-charts">
        <Tabs
          options={CHART_KINDS.map((key) => ({ key, label: labels[key] }))}
          value={kind}
          onChange={setKind}
          label={t('home.chartKinds')}
          idPrefix="home-chart"
          panelId={panelId}
        />
        <div id={panelId} role="tabpanel" aria-labelledby={`home-chart-${kind}`} className="home-charts__panel">
          {entries.length === 0 ? (
            <EmptyState text={t('home.chartEmpty')} />
          ) : (
            <ol className="home-charts" aria-label={labels[kind]} data-testid="home-chart-list">
              {entries.map(({ rank, drama }) => (
                <li key={drama.id} className="home-charts__item" data-testid="home-chart-entry" data-rank={rank}>
                  <span className="home-charts__rank" aria-hidden="true" data-testid="home-chart-rank">
                    {rank}
                  </span>
                  <span className="visually-hidden">{t('home.chartRank', { rank })}</span>
                  <DramaCardView drama={drama} href={dramaHref(drama.id)} testId="home-chart-card" />
                </li>
              ))}
            </ol>
          )}
        </div>
      </Section>
    </div>
  );
}
