import { lazy, Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';

const ForYouScreen = lazy(() => import('./for-you-screen').then((m) => ({ default: m.ForYouScreen })));

/**
 * The vertical video route shows the For You feed with `?feed=for-you` (lib/paths.ts forYouHref):
 * the feed is that page's player over many dramas, so it takes no route of its own. Its code loads
 * only when asked for, so a drama's video page carries none of it.
 */
export function withForYouFeed(VideoPage: ComponentType): ComponentType {
  return function VideoOrForYou() {
    const [params] = useSearchParams();
    if (params.get('feed') !== 'for-you') return <VideoPage />;
    return (
      <Suspense fallback={null}>
        <ForYouScreen />
      </Suspense>
    );
  };
}
