import type { Language } from '@cliffhanger/contract';
import type { LocalisedText } from '../../db/catalog.schema.js';

/** What a notification shows: title, body, and the page a tap opens (a path of the web app). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** The drama's title in `language`, English when it has none in it, as the catalogue does. */
function titleIn(title: LocalisedText, language: Language): string {
  return title[language] ?? title.en;
}

const NEW_EPISODE: Record<Language, (drama: string, episode: number) => string> = {
  en: (drama, episode) => `Episode ${episode} of ${drama} is out`,
  zh: (drama, episode) => `《${drama}》第${episode}集已上线`,
  tr: (drama, episode) => `${drama}: ${episode}. bölüm yayında`,
};
const NEW_EPISODE_BODY: Record<Language, string> = {
  en: 'Watch it now.',
  zh: '现在就去看吧。',
  tr: 'Hemen izle.',
};
const CHECKIN: Record<Language, { title: string; body: string }> = {
  en: { title: 'Check in today', body: "Your daily check-in coins are waiting: don't break your streak." },
  zh: { title: '今天还没签到', body: '每日签到金币在等你，别让连续签到中断。' },
  tr: { title: 'Bugün giriş yap', body: 'Günlük giriş coinlerin seni bekliyor: serini bozma.' },
};
const VIP_RENEWAL: Record<Language, { title: string; body: string }> = {
  en: {
    title: 'Your VIP renews tomorrow',
    body: 'Your plan renews automatically in 24 hours. Tap to review or cancel it.',
  },
  zh: { title: '你的 VIP 明天自动续费', body: '你的套餐将在 24 小时后自动续费。点按查看或取消。' },
  tr: {
    title: "VIP'in yarın yenileniyor",
    body: 'Planın 24 saat içinde otomatik yenilenecek. İncelemek veya iptal etmek için dokun.',
  },
};

export function newEpisodeMessage(
  language: Language,
  drama: { id: number; title: LocalisedText },
  episode: { id: number; number: number },
): PushMessage {
  return {
    title: NEW_EPISODE[language](titleIn(drama.title, language), episode.number),
    body: NEW_EPISODE_BODY[language],
    url: `/pages/video/index?drama_id=${drama.id}&episode_id=${episode.id}`,
  };
}

export function checkinMessage(language: Language): PushMessage {
  return { ...CHECKIN[language], url: '/pages/Rewards/index' };
}

/** Links to the VIP page, where the plan is cancelled. */
export function vipRenewalMessage(language: Language): PushMessage {
  return { ...VIP_RENEWAL[language], url: '/pages/user/vip' };
}
