import { Link, useParams } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ArtworkPanel } from './ArtworkPanel';
import { releaseText } from './catalogue-text';
import { DramaDetailsPanel } from './DramaDetailsPanel';
import { useDrama } from './drama-queries';
import { EpisodeUpload } from './episode-upload/EpisodeUpload';
import { EpisodesPanel } from './EpisodesPanel';
import { PricingPanel } from './PricingPanel';
import { ReleasePanel } from './ReleasePanel';

/** Everything about one drama an editor changes: texts, artwork, prices, release and episodes. */
export default function DramaPage() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <DramaEditor id={id} />;
}

function DramaEditor({ id }: { id: number }) {
  const drama = useDrama(id);
  if (drama.isPending) return <Loading />;
  if (drama.error) return <ErrorNotice error={drama.error} onRetry={() => void drama.refetch()} />;
  const data = drama.data;
  return (
    <>
      <p>
        <Link to="/catalogue">{t('catalogue.drama.back')}</Link>
      </p>
      <h1>{data.title.en}</h1>
      <p className="drama-summary__status">
        {t('catalogue.drama.slug', { slug: data.slug })} · {releaseText(data)}
      </p>
      <div className="catalogue__drama">
        {/* Keyed by the drama: each form starts from what the server holds for this drama. */}
        <DramaDetailsPanel key={`details-${data.id}`} drama={data} />
        <div>
          <ReleasePanel key={`release-${data.id}`} drama={data} />
          <PricingPanel key={`pricing-${data.id}`} drama={data} />
        </div>
      </div>
      <ArtworkPanel drama={data} />
      <EpisodesPanel drama={data} upload={<EpisodeUpload dramaId={data.id} />} />
    </>
  );
}
