import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { DramaDetail } from '@cliffhanger/contract/browser';
import { i18n } from '../../lib/i18n';
import { dramaDetail, dramaEpisode, vipDramaDetail } from '../../test/drama-detail';
import { DramaFacts } from './drama-facts';

function renderFacts(drama: DramaDetail) {
  const router = createMemoryRouter([{ path: '/', element: <DramaFacts drama={drama} /> }]);
  return render(<RouterProvider router={router} />);
}
const fact = (id: string) => screen.getByTestId(id);

describe('drama facts', () => {
  it("shows a visitor the drama's genres, episodes, running time, free count and both prices", () => {
    renderFacts(dramaDetail());
    expect(
      within(fact('drama-genres'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Romance', 'Revenge']);
    expect(fact('drama-fact-episodes')).toHaveTextContent('6 episodes');
    // 6 × 95 s = 570 s: 9½ minutes, rounded up.
    expect(fact('drama-fact-runtime')).toHaveTextContent('10 min');
    expect(fact('drama-fact-free')).toHaveTextContent('2 of 6');
    expect(fact('drama-offer')).toHaveAttribute('data-offer', 'priced');
    expect(fact('drama-price-episode')).toHaveTextContent('30 coins');
    expect(fact('drama-price-all')).toHaveTextContent('100 coins for 4 episodes');
    expect(fact('drama-vip-covers')).toHaveTextContent('VIP watches every episode without unlocking');
    expect(within(fact('drama-vip-covers')).getByRole('link', { name: 'Get VIP' })).toHaveAttribute(
      'href',
      '/pages/user/vip',
    );
  });

  it('prices only what is still locked for a viewer who unlocked some', () => {
    const episodes = [1, 2, 3, 4, 5, 6].map((n) => dramaEpisode(n, { locked: n > 4 }));
    renderFacts(
      dramaDetail({
        episodes,
        prices: { episode: 30, all: 60, locked_count: 2 },
        viewer: { signed_in: true, vip: false, coin: 10 },
      }),
    );
    expect(fact('drama-price-all')).toHaveTextContent('60 coins for 2 episodes');
    expect(fact('drama-price-all')).toHaveAttribute('data-coins', '60');
  });

  it('tells a VIP their membership covers it, with no price', () => {
    renderFacts(vipDramaDetail());
    expect(fact('drama-offer')).toHaveAttribute('data-offer', 'vip');
    expect(fact('drama-offer')).toHaveTextContent('Included with your VIP');
    expect(screen.queryByTestId('drama-price-episode')).toBeNull();
  });

  it('offers no VIP line when VIP would not cover the drama, and says free when nothing is paid', () => {
    const { unmount } = renderFacts(dramaDetail({ vip_covers: false }));
    expect(screen.queryByTestId('drama-vip-covers')).toBeNull();
    unmount();
    renderFacts(
      dramaDetail({
        episodes: [1, 2].map((n) => dramaEpisode(n)),
        prices: { episode: 30, all: 0, locked_count: 0 },
        genres: [],
      }),
    );
    expect(fact('drama-offer')).toHaveTextContent('Every episode is free');
    expect(screen.queryByTestId('drama-genres')).toBeNull();
  });

  it.each([
    ['zh', '10分钟', '爱情', '100 金币解锁 4 集'],
    ['tr', '10 dk', 'Romantik', '4 bölüm için 100 jeton'],
  ] as const)('says it in %s', async (language, runtime, genre, all) => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    await i18n.changeLanguage(language);
    renderFacts(dramaDetail({ episodes: [1, 2, 3, 4, 5, 6].map((n) => dramaEpisode(n)) }));
    expect(fact('drama-fact-runtime')).toHaveTextContent(runtime);
    expect(fact('drama-genres')).toHaveTextContent(genre);
    expect(fact('drama-price-all')).toHaveTextContent(all);
  });

  it('writes hours and minutes for a long drama', () => {
    renderFacts(
      dramaDetail({ episodes: Array.from({ length: 50 }, (_, i) => dramaEpisode(i + 1, { duration_s: 90 })) }),
    );
    expect(fact('drama-fact-runtime')).toHaveTextContent('1 h 15 min');
  });
});
