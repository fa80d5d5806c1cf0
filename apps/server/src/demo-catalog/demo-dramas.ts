import type { Genre, Language } from '@cliffhanger/contract';
import type { DemoScene } from './demo-render.js';

/**
 * The demo catalogue's content (generate-demo.ts turns it into apps/server/demo). Prices are in
 * coins; `lines` are the dialogue the subtitles draw from, in the three product languages.
 */
type Text3 = Record<Language, string>;

export interface DemoDrama {
  slug: string;
  title: Text3;
  synopsis: Text3;
  tags: string[];
  /** At most three genre keys: what the home's genre chips filter by. */
  genres: Genre[];
  /** The palette: shadows and highlights of every picture (hex RGB). */
  colors: [string, string];
  /** How the episodes, poster and banner look (generator and grade); `colors` is its palette. */
  scene: DemoScene;
  /** Root note of the soft pad under the picture, Hz. */
  toneHz: number;
  freeEpisodes: number;
  episodePrice: number;
  hits: number;
  likes: number;
  recommendRank?: number;
  bannerRank?: number;
  publishedAt: string;
  episodes: Text3[];
  lines: Text3[];
}

export const DEMO_DRAMAS: DemoDrama[] = [
  {
    slug: 'the-ceos-contract-bride',
    title: { en: "The CEO's Contract Bride", zh: '总裁的契约新娘', tr: "CEO'nun Sözleşmeli Gelini" },
    synopsis: {
      en: "To save her father's bakery, Lin signs a one-year marriage contract with the coldest CEO in the city. Rule one: never fall in love.",
      zh: '为了保住父亲的面包店，林晓签下与全城最冷酷总裁的一年婚约。第一条规定：永远不许动心。',
      tr: "Babasının fırınını kurtarmak için Lin, şehrin en soğuk CEO'suyla bir yıllık evlilik sözleşmesi imzalar. Birinci kural: asla âşık olma.",
    },
    tags: ['romance', 'ceo'],
    genres: ['romance', 'ceo'],
    colors: ['3a0ca3', 'f72585'],
    toneHz: 392,
    scene: { kind: 'embers', seed: 11, glow: 'ffc8dd' },
    freeEpisodes: 2,
    episodePrice: 30,
    hits: 98_400,
    likes: 12_800,
    recommendRank: 1,
    bannerRank: 1,
    publishedAt: '2026-10-28T09:00:00Z',
    episodes: [
      { en: 'The Contract', zh: '契约', tr: 'Sözleşme' },
      { en: 'Rule Number One', zh: '第一条规定', tr: 'Bir Numaralı Kural' },
      { en: 'A Kiss for the Cameras', zh: '镜头前的吻', tr: 'Kameralar İçin Bir Öpücük' },
      { en: 'His Secret Past', zh: '他的秘密过去', tr: 'Onun Gizli Geçmişi' },
      { en: 'Breaking the Rules', zh: '打破规则', tr: 'Kuralları Çiğnemek' },
    ],
    lines: [
      {
        en: 'Sign here. One year, no feelings.',
        zh: '在这里签字。一年，不许有感情。',
        tr: 'Buraya imzala. Bir yıl, duygu yok.',
      },
      {
        en: 'You think money can buy everything?',
        zh: '你以为钱能买到一切吗？',
        tr: 'Parayla her şeyin alınabileceğini mi sanıyorsun?',
      },
      {
        en: 'Smile. The whole city is watching us.',
        zh: '笑一笑，全城都在看着我们。',
        tr: 'Gülümse. Bütün şehir bizi izliyor.',
      },
      {
        en: 'Why is my heart beating so fast?',
        zh: '我的心为什么跳得这么快？',
        tr: 'Kalbim neden bu kadar hızlı atıyor?',
      },
    ],
  },
  {
    slug: 'return-of-the-heiress',
    title: { en: 'Return of the Heiress', zh: '千金归来', tr: 'Varisin Dönüşü' },
    synopsis: {
      en: 'Betrayed by her fiancé and left for dead, the Song family heiress returns five years later with a new name and a perfect plan.',
      zh: '被未婚夫背叛、险些丧命的宋家千金，五年后改名换姓归来，带着一个完美的复仇计划。',
      tr: 'Nişanlısı tarafından ihanete uğrayıp ölüme terk edilen Song ailesinin varisi, beş yıl sonra yeni bir isim ve kusursuz bir planla geri döner.',
    },
    tags: ['revenge', 'family'],
    genres: ['revenge', 'family'],
    colors: ['0b090a', 'a4161a'],
    toneHz: 330,
    scene: { kind: 'fractal', seed: 20, contrast: 1.25, gamma: 0.9 },
    freeEpisodes: 2,
    episodePrice: 40,
    hits: 87_200,
    likes: 9_100,
    recommendRank: 2,
    bannerRank: 2,
    publishedAt: '2026-10-20T09:00:00Z',
    episodes: [
      { en: 'The Night I Died', zh: '我死去的那一夜', tr: 'Öldüğüm Gece' },
      { en: 'A Stranger at the Gala', zh: '晚宴上的陌生人', tr: 'Galadaki Yabancı' },
      { en: 'The First Domino', zh: '第一张骨牌', tr: 'İlk Domino' },
      { en: 'Checkmate', zh: '将军', tr: 'Şah Mat' },
    ],
    lines: [
      { en: 'You buried the wrong woman.', zh: '你埋错人了。', tr: 'Yanlış kadını gömdün.' },
      {
        en: 'Everything you took, I will take back.',
        zh: '你拿走的一切，我都会拿回来。',
        tr: 'Aldığın her şeyi geri alacağım.',
      },
      { en: 'Do we know each other, miss?', zh: '小姐，我们认识吗？', tr: 'Tanışıyor muyuz, hanımefendi?' },
      {
        en: 'Revenge is a dish best served at a wedding.',
        zh: '复仇，最好在婚礼上端出来。',
        tr: 'İntikam en iyi bir düğünde servis edilir.',
      },
    ],
  },
  {
    slug: 'moonlight-alpha',
    title: { en: 'Moonlight Alpha', zh: '月光下的狼王', tr: 'Ay Işığı Alfası' },
    synopsis: {
      en: 'Rejected by her pack on the night of the full moon, Aria discovers she is the fated mate of the most feared Alpha in the north.',
      zh: '满月之夜被狼群抛弃的艾莉亚，发现自己竟是北方最令人畏惧的狼王命中注定的伴侣。',
      tr: "Dolunay gecesi sürüsü tarafından reddedilen Aria, kuzeyin en korkulan Alfası'nın kaderindeki eşi olduğunu keşfeder.",
    },
    tags: ['werewolf', 'fantasy', 'romance'],
    genres: ['werewolf', 'fantasy', 'romance'],
    colors: ['03045e', '48cae4'],
    toneHz: 294,
    scene: { kind: 'mist', seed: 31, glow: 'caf0f8' },
    freeEpisodes: 3,
    episodePrice: 35,
    hits: 120_500,
    likes: 15_300,
    recommendRank: 3,
    bannerRank: 3,
    publishedAt: '2026-11-02T09:00:00Z',
    episodes: [
      { en: 'Rejected Under the Full Moon', zh: '满月下的抛弃', tr: 'Dolunayda Reddedilen' },
      { en: "The Alpha's Scent", zh: '狼王的气息', tr: 'Alfanın Kokusu' },
      { en: 'Mark of the Mate', zh: '伴侣的印记', tr: 'Eşin İşareti' },
      { en: 'War of the Packs', zh: '狼群之战', tr: 'Sürülerin Savaşı' },
      { en: 'Luna', zh: '月神', tr: 'Luna' },
    ],
    lines: [
      { en: 'I reject you as my mate.', zh: '我拒绝你成为我的伴侣。', tr: 'Seni eşim olarak reddediyorum.' },
      {
        en: 'Mine. Nobody touches what is mine.',
        zh: '我的。谁也不许碰我的人。',
        tr: 'Benim. Kimse benim olana dokunamaz.',
      },
      { en: 'The moon chose you, not them.', zh: '月亮选择的是你，不是他们。', tr: 'Ay onları değil, seni seçti.' },
      {
        en: 'Run, little wolf. I will always find you.',
        zh: '跑吧，小狼。我总会找到你。',
        tr: 'Koş küçük kurt. Seni her zaman bulacağım.',
      },
    ],
  },
  {
    slug: 'the-empress-rises',
    title: { en: 'The Empress Rises', zh: '凤临天下', tr: 'İmparatoriçe Yükseliyor' },
    synopsis: {
      en: 'A palace maid with a forbidden gift for poisons climbs from the laundry courts to the Phoenix Throne, one secret at a time.',
      zh: '身怀制毒秘术的浣衣宫女，凭着一个个秘密，从浣衣局一路走上凤座。',
      tr: "Zehirler konusunda yasak bir yeteneğe sahip bir saray hizmetçisi, sır üstüne sır ile çamaşırhaneden Anka Tahtı'na yükselir.",
    },
    tags: ['palace', 'historical'],
    genres: ['historical', 'revenge'],
    colors: ['6a040f', 'ffba08'],
    toneHz: 262,
    scene: { kind: 'fractal', seed: 42, glow: 'ffd166' },
    freeEpisodes: 2,
    episodePrice: 45,
    hits: 76_300,
    likes: 8_700,
    recommendRank: 4,
    bannerRank: 4,
    publishedAt: '2026-10-12T09:00:00Z',
    episodes: [
      { en: 'The Laundry Court', zh: '浣衣局', tr: 'Çamaşırhane' },
      { en: 'A Cup of Poisoned Tea', zh: '一杯毒茶', tr: 'Zehirli Bir Fincan Çay' },
      { en: "The Emperor's Favour", zh: '圣宠', tr: 'İmparatorun Lütfu' },
      { en: 'The Phoenix Throne', zh: '凤座', tr: 'Anka Tahtı' },
    ],
    lines: [
      {
        en: 'In this palace, the quiet ones survive.',
        zh: '在这宫里，安静的人才能活下去。',
        tr: 'Bu sarayda sessiz olanlar hayatta kalır.',
      },
      { en: 'Your Majesty, the tea has gone cold.', zh: '陛下，茶凉了。', tr: 'Majesteleri, çay soğudu.' },
      { en: 'Kneel, and remember my name.', zh: '跪下，记住我的名字。', tr: 'Diz çök ve adımı unutma.' },
      {
        en: 'Every empress was once a servant.',
        zh: '每一位皇后，都曾是奴婢。',
        tr: 'Her imparatoriçe bir zamanlar hizmetçiydi.',
      },
    ],
  },
  {
    slug: 'my-ex-wife-is-a-billionaire',
    title: { en: 'My Ex-Wife Is a Billionaire', zh: '前妻是亿万富豪', tr: 'Eski Karım Milyarder' },
    synopsis: {
      en: 'He divorced the quiet housewife for a socialite. Now she owns the company he works for, and she is hiring.',
      zh: '他为了名媛抛弃了安静的家庭主妇。如今她成了他公司的老板，而且正在招人。',
      tr: 'Sessiz ev hanımını bir sosyetik için boşadı. Şimdi çalıştığı şirketin sahibi o, ve işe alım yapıyor.',
    },
    tags: ['revenge', 'ceo', 'comedy'],
    genres: ['revenge', 'ceo', 'comedy'],
    colors: ['1b4332', 'd8f3dc'],
    toneHz: 440,
    scene: { kind: 'silk', seed: 53, contrast: 1.15 },
    freeEpisodes: 3,
    episodePrice: 25,
    hits: 143_900,
    likes: 21_400,
    recommendRank: 5,
    publishedAt: '2026-11-06T09:00:00Z',
    episodes: [
      { en: 'Divorce Papers', zh: '离婚协议', tr: 'Boşanma Kâğıtları' },
      { en: 'The New Boss', zh: '新老板', tr: 'Yeni Patron' },
      { en: 'Job Interview from Hell', zh: '地狱般的面试', tr: 'Cehennemden Bir Mülakat' },
      { en: "The Socialite's Scheme", zh: '名媛的阴谋', tr: 'Sosyetiğin Planı' },
      { en: 'Too Late for Sorry', zh: '道歉太晚了', tr: 'Özür İçin Çok Geç' },
      { en: 'A New Beginning', zh: '新的开始', tr: 'Yeni Bir Başlangıç' },
    ],
    lines: [
      {
        en: 'Sign it. You were never good enough.',
        zh: '签了吧。你从来都配不上我。',
        tr: 'İmzala. Hiçbir zaman yeterince iyi değildin.',
      },
      {
        en: 'Good morning. I am your new chairwoman.',
        zh: '早上好，我是你们的新董事长。',
        tr: 'Günaydın. Yeni yönetim kurulu başkanınız benim.',
      },
      {
        en: 'Your résumé says "loyal". Interesting.',
        zh: '你的简历上写着“忠诚”。有意思。',
        tr: 'Özgeçmişinde "sadık" yazıyor. İlginç.',
      },
      { en: 'I did not come back for you.', zh: '我不是为你回来的。', tr: 'Senin için geri dönmedim.' },
    ],
  },
  {
    slug: 'the-hidden-dragon-son-in-law',
    title: { en: 'The Hidden Dragon Son-in-Law', zh: '隐龙赘婿', tr: 'Gizli Ejderha Damat' },
    synopsis: {
      en: "Mocked for three years as a useless live-in son-in-law, Chen Feng is secretly the heir of the world's richest family. Today he stops hiding.",
      zh: '当了三年被人嘲笑的上门女婿，陈峰其实是世界首富家族的继承人。今天，他不再隐藏。',
      tr: 'Üç yıl boyunca işe yaramaz iç güveysi diye alay edilen Chen Feng, aslında dünyanın en zengin ailesinin varisidir. Bugün saklanmayı bırakıyor.',
    },
    tags: ['urban', 'revenge'],
    genres: ['revenge', 'family'],
    colors: ['240046', 'ff9e00'],
    toneHz: 220,
    scene: { kind: 'embers', seed: 64, glow: 'ffb703' },
    freeEpisodes: 2,
    episodePrice: 20,
    hits: 156_700,
    likes: 17_900,
    publishedAt: '2026-09-30T09:00:00Z',
    episodes: [
      { en: 'The Useless Son-in-Law', zh: '废物女婿', tr: 'İşe Yaramaz Damat' },
      { en: 'A Phone Call from the Family', zh: '家族来电', tr: 'Aileden Bir Telefon' },
      { en: 'The Black Card', zh: '黑卡', tr: 'Siyah Kart' },
      { en: 'The Dragon Awakens', zh: '龙醒了', tr: 'Ejderha Uyanıyor' },
    ],
    lines: [
      {
        en: 'Go wash the dishes, you good-for-nothing.',
        zh: '去洗碗吧，你这个废物。',
        tr: 'Git bulaşıkları yıka, beceriksiz.',
      },
      {
        en: 'Young master, your three years are over.',
        zh: '少爷，三年之期已到。',
        tr: 'Genç efendim, üç yılınız doldu.',
      },
      { en: 'Who dares to touch my wife?', zh: '谁敢动我老婆？', tr: 'Karıma dokunmaya kim cüret eder?' },
      {
        en: 'Buy the hotel. All of it. Tonight.',
        zh: '把酒店买下来。整个。今晚。',
        tr: 'Oteli satın al. Tamamını. Bu gece.',
      },
    ],
  },
  {
    slug: 'reborn-to-love-again',
    title: { en: 'Reborn to Love Again', zh: '重生之再爱一次', tr: 'Yeniden Doğup Sevmek' },
    synopsis: {
      en: 'She died regretting the man she pushed away. Waking up ten years in the past, she has one chance to get it right.',
      zh: '她带着对那个被自己推开的男人的悔恨死去。醒来时回到十年前，她只有一次机会弥补。',
      tr: 'Uzaklaştırdığı adamın pişmanlığıyla öldü. On yıl önceye uyandığında, her şeyi düzeltmek için tek bir şansı var.',
    },
    tags: ['rebirth', 'romance'],
    genres: ['rebirth', 'romance'],
    colors: ['590d22', 'ffccd5'],
    toneHz: 349,
    scene: { kind: 'weave', seed: 75, glow: 'fff0f3', contrast: 0.95 },
    freeEpisodes: 3,
    episodePrice: 30,
    hits: 64_800,
    likes: 10_200,
    recommendRank: 6,
    publishedAt: '2026-10-25T09:00:00Z',
    episodes: [
      { en: 'The Last Snowfall', zh: '最后一场雪', tr: 'Son Kar' },
      { en: 'Ten Years Ago', zh: '十年前', tr: 'On Yıl Önce' },
      { en: 'The Choice I Got Wrong', zh: '我选错的路', tr: 'Yanlış Seçimim' },
      { en: 'Second Chances', zh: '第二次机会', tr: 'İkinci Şans' },
      { en: 'This Time, Forever', zh: '这一次，永远', tr: 'Bu Sefer, Sonsuza Dek' },
    ],
    lines: [
      {
        en: 'If I could live again, I would choose you.',
        zh: '如果能重来，我一定选你。',
        tr: 'Yeniden yaşayabilseydim, seni seçerdim.',
      },
      {
        en: 'Wait... is this my old dormitory?',
        zh: '等等……这是我以前的宿舍？',
        tr: 'Dur... burası eski yurt odam mı?',
      },
      {
        en: 'You look at me like you already know me.',
        zh: '你看我的眼神，好像早就认识我。',
        tr: 'Bana sanki beni zaten tanıyormuşsun gibi bakıyorsun.',
      },
      {
        en: 'This time, I will not let go of your hand.',
        zh: '这一次，我不会再放开你的手。',
        tr: 'Bu sefer elini bırakmayacağım.',
      },
    ],
  },
  {
    slug: 'the-mafia-kings-nanny',
    title: { en: "The Mafia King's Nanny", zh: '黑帮之王的保姆', tr: 'Mafya Kralının Dadısı' },
    synopsis: {
      en: 'Hired to look after twins in a mansion full of guards, Emma soon learns their father runs the city at night.',
      zh: '受雇照看一对双胞胎的艾玛住进了戒备森严的豪宅，很快发现孩子们的父亲在夜里掌控着整座城市。',
      tr: 'Korumalarla dolu bir konakta ikizlere bakmak için işe alınan Emma, babalarının geceleri şehri yönettiğini kısa sürede öğrenir.',
    },
    tags: ['romance', 'mafia'],
    genres: ['romance', 'thriller'],
    colors: ['000000', '6c757d'],
    toneHz: 247,
    scene: { kind: 'mist', seed: 86, saturation: 0, contrast: 1.3, grain: 6 },
    freeEpisodes: 2,
    episodePrice: 50,
    hits: 71_100,
    likes: 9_800,
    publishedAt: '2026-10-08T09:00:00Z',
    episodes: [
      { en: 'The Job Offer', zh: '一份工作', tr: 'İş Teklifi' },
      { en: 'Locked Doors', zh: '上锁的门', tr: 'Kilitli Kapılar' },
      { en: 'Gunshots at Midnight', zh: '午夜枪声', tr: 'Gece Yarısı Silah Sesleri' },
      { en: "The King's Weakness", zh: '王的软肋', tr: 'Kralın Zaafı' },
    ],
    lines: [
      {
        en: 'Rule one: never open the basement door.',
        zh: '第一条：永远不要打开地下室的门。',
        tr: 'Birinci kural: bodrum kapısını asla açma.',
      },
      {
        en: 'The children like you. That is rare.',
        zh: '孩子们喜欢你。这很少见。',
        tr: 'Çocuklar seni seviyor. Bu nadir bir şey.',
      },
      { en: 'Stay behind me, Emma.', zh: '躲在我身后，艾玛。', tr: 'Arkamda dur, Emma.' },
      {
        en: 'Anyone who hurts her answers to me.',
        zh: '谁敢伤她，就是与我为敌。',
        tr: 'Ona zarar veren bana hesap verir.',
      },
    ],
  },
  {
    slug: 'sword-of-the-jade-valley',
    title: { en: 'Sword of the Jade Valley', zh: '玉谷剑仙', tr: "Yeşim Vadisi'nin Kılıcı" },
    synopsis: {
      en: 'The last disciple of a destroyed sect finds the legendary Jade Sword, and the immortal spirit trapped inside it.',
      zh: '覆灭宗门的最后一名弟子寻得传说中的玉剑，也唤醒了封印其中的剑仙之魂。',
      tr: "Yok edilmiş bir tarikatın son öğrencisi efsanevi Yeşim Kılıcı'nı ve içinde hapsolmuş ölümsüz ruhu bulur.",
    },
    tags: ['martial arts', 'fantasy'],
    genres: ['historical', 'fantasy'],
    colors: ['081c15', '74c69d'],
    toneHz: 196,
    scene: { kind: 'mist', seed: 97, glow: 'd8f3dc' },
    freeEpisodes: 2,
    episodePrice: 35,
    hits: 52_600,
    likes: 6_400,
    publishedAt: '2026-09-18T09:00:00Z',
    episodes: [
      { en: 'Ashes of the Sect', zh: '宗门余烬', tr: 'Tarikatın Külleri' },
      { en: 'The Sword Spirit', zh: '剑灵', tr: 'Kılıç Ruhu' },
      { en: 'Trial of the Nine Peaks', zh: '九峰试炼', tr: 'Dokuz Zirvenin Sınavı' },
      { en: 'One Sword, Ten Thousand Foes', zh: '一剑破万敌', tr: 'Bir Kılıç, On Bin Düşman' },
    ],
    lines: [
      {
        en: 'Master, I will rebuild our sect.',
        zh: '师父，我一定会重建宗门。',
        tr: 'Usta, tarikatımızı yeniden kuracağım.',
      },
      { en: 'Three hundred years I have waited for you.', zh: '我等了你三百年。', tr: 'Üç yüz yıl seni bekledim.' },
      {
        en: 'Your sword is fast. Your heart is faster.',
        zh: '你的剑很快，你的心更快。',
        tr: 'Kılıcın hızlı. Kalbin daha da hızlı.',
      },
      { en: 'Draw, if you dare.', zh: '敢的话，就拔剑吧。', tr: 'Cesaretin varsa kılıcını çek.' },
    ],
  },
  {
    slug: 'surprise-the-twins-are-his',
    title: { en: 'Surprise! The Twins Are His', zh: '萌宝来袭：爹地是总裁', tr: 'Sürpriz! İkizler Onun' },
    synopsis: {
      en: 'Six years after one unforgettable night, a single mother returns home, and her genius twins decide to find their billionaire father themselves.',
      zh: '难忘一夜的六年后，单亲妈妈回到故乡，她的天才双胞胎决定亲自去找他们的亿万富翁爹地。',
      tr: 'Unutulmaz bir geceden altı yıl sonra bekâr bir anne eve döner ve dahi ikizleri milyarder babalarını kendileri bulmaya karar verir.',
    },
    tags: ['family', 'ceo', 'comedy'],
    genres: ['family', 'ceo', 'comedy'],
    colors: ['ff6d00', 'ffe66d'],
    toneHz: 523,
    scene: { kind: 'silk', seed: 108, saturation: 1.3 },
    freeEpisodes: 2,
    episodePrice: 30,
    hits: 110_200,
    likes: 18_600,
    publishedAt: '2026-11-09T09:00:00Z',
    episodes: [
      { en: 'Six Years Later', zh: '六年后', tr: 'Altı Yıl Sonra' },
      { en: 'Operation: Find Daddy', zh: '寻爹行动', tr: 'Operasyon: Babayı Bul' },
      { en: 'The DNA Test', zh: '亲子鉴定', tr: 'DNA Testi' },
      { en: 'A Family Dinner', zh: '一家人的晚餐', tr: 'Aile Yemeği' },
      { en: 'Daddy Says Sorry', zh: '爹地的道歉', tr: 'Babam Özür Diliyor' },
    ],
    lines: [
      {
        en: 'Mommy, we hacked the company website!',
        zh: '妈咪，我们黑进了那家公司的网站！',
        tr: 'Anne, şirketin sitesini hackledik!',
      },
      {
        en: 'Why does that boy look exactly like me?',
        zh: '那个小男孩怎么跟我长得一模一样？',
        tr: 'O çocuk neden tıpatıp bana benziyor?',
      },
      {
        en: 'Uncle, are you rich? Mommy needs a husband.',
        zh: '叔叔，你有钱吗？我妈咪缺个老公。',
        tr: 'Amca, zengin misin? Annemin bir kocaya ihtiyacı var.',
      },
      {
        en: 'Six years... why did you never tell me?',
        zh: '六年……你为什么从来不告诉我？',
        tr: 'Altı yıl... neden bana hiç söylemedin?',
      },
    ],
  },
  {
    slug: 'the-vampires-last-vow',
    title: { en: "The Vampire's Last Vow", zh: '吸血鬼的最后誓言', tr: 'Vampirin Son Yemini' },
    synopsis: {
      en: 'A night-shift nurse saves a wounded stranger who never ages, never eats, and swears he has loved her for four centuries.',
      zh: '夜班护士救下一位受伤的陌生人。他从不衰老，从不进食，却发誓已经爱了她四百年。',
      tr: 'Gece vardiyasındaki bir hemşire, hiç yaşlanmayan, hiç yemek yemeyen ve onu dört yüzyıldır sevdiğine yemin eden yaralı bir yabancıyı kurtarır.',
    },
    tags: ['vampire', 'fantasy', 'romance'],
    genres: ['fantasy', 'romance', 'thriller'],
    colors: ['10002b', '9d0208'],
    toneHz: 277,
    scene: { kind: 'fractal', seed: 119, contrast: 1.2, gamma: 0.85 },
    freeEpisodes: 2,
    episodePrice: 40,
    hits: 58_900,
    likes: 7_700,
    publishedAt: '2026-10-31T09:00:00Z',
    episodes: [
      { en: 'The Night Shift', zh: '夜班', tr: 'Gece Vardiyası' },
      { en: 'No Pulse', zh: '没有脉搏', tr: 'Nabız Yok' },
      { en: 'Four Hundred Years', zh: '四百年', tr: 'Dört Yüz Yıl' },
      { en: 'The Last Vow', zh: '最后的誓言', tr: 'Son Yemin' },
    ],
    lines: [
      { en: 'Sir, you have lost a lot of blood.', zh: '先生，你失血很多。', tr: 'Beyefendi, çok kan kaybettiniz.' },
      {
        en: 'Do not be afraid. I would never hurt you.',
        zh: '别怕，我永远不会伤害你。',
        tr: 'Korkma. Sana asla zarar vermem.',
      },
      { en: 'I have found you in every lifetime.', zh: '每一世，我都找到了你。', tr: 'Seni her hayatta buldum.' },
      { en: 'The sun is rising. Stay with me.', zh: '太阳要出来了。留在我身边。', tr: 'Güneş doğuyor. Benimle kal.' },
    ],
  },
  {
    slug: 'campus-crush-countdown',
    title: { en: 'Campus Crush Countdown', zh: '校园心动倒计时', tr: 'Kampüs Aşkı Geri Sayımı' },
    synopsis: {
      en: 'A shy art student has thirty days before graduation to tell the basketball captain how she feels. Her roommates have a plan.',
      zh: '毕业前三十天，害羞的美术生必须向篮球队长表白。她的室友们已经想好了计划。',
      tr: 'Utangaç bir sanat öğrencisinin, basketbol kaptanına duygularını açmak için mezuniyete otuz günü var. Oda arkadaşlarının bir planı var.',
    },
    tags: ['campus', 'youth', 'romance'],
    genres: ['romance', 'comedy'],
    colors: ['023e8a', 'ade8f4'],
    toneHz: 466,
    scene: { kind: 'weave', seed: 130, glow: 'caf0f8' },
    freeEpisodes: 2,
    episodePrice: 20,
    hits: 43_500,
    likes: 8_300,
    publishedAt: '2026-11-12T09:00:00Z',
    episodes: [
      { en: 'Thirty Days Left', zh: '还剩三十天', tr: 'Otuz Gün Kaldı' },
      { en: 'The Wrong Love Letter', zh: '送错的情书', tr: 'Yanlış Aşk Mektubu' },
      { en: 'Rain at the Court', zh: '球场上的雨', tr: 'Sahada Yağmur' },
      { en: 'Graduation Day', zh: '毕业典礼', tr: 'Mezuniyet Günü' },
    ],
    lines: [
      {
        en: 'Just say hi. How hard can it be?',
        zh: '打个招呼而已，能有多难？',
        tr: 'Sadece merhaba de. Ne kadar zor olabilir?',
      },
      {
        en: 'Wait, that letter was not for you!',
        zh: '等等，那封信不是给你的！',
        tr: 'Dur, o mektup senin için değildi!',
      },
      {
        en: 'You drew me? This is really me?',
        zh: '你画的是我？这真的是我？',
        tr: 'Beni mi çizdin? Bu gerçekten ben miyim?',
      },
      {
        en: 'I have liked you since the first day.',
        zh: '我从第一天起就喜欢你了。',
        tr: 'İlk günden beri senden hoşlanıyorum.',
      },
    ],
  },
];
