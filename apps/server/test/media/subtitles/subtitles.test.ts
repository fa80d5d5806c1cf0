import { describe, expect, it } from 'vitest';
import { parseSrt, parseVtt } from '../../../src/media/subtitles/cue-parser.js';
import { SubtitleError, type Cue } from '../../../src/media/subtitles/subtitle-cue.js';
import { convertToWebVtt, cuesToWebVtt, sanitizeCueLine } from '../../../src/media/subtitles/to-webvtt.js';

const ZH_SRT = `1
00:00:01,000 --> 00:00:03,500
你怎么会在这里？

2
00:00:04,000 --> 00:00:06,250
我一直在等你。
三年了。

3
01:02:03,004 --> 01:02:05,000
别走！
`;

const EN_SRT = `1
00:00:00,500 --> 00:00:02,000
Where were you last night?

2
00:00:02,100 --> 00:00:04,900
<i>I told you, I was working late.</i>

3
00:00:05,000 --> 00:00:07,000
Tom & Jerry said 1 < 2 > 0.
`;

const TR_SRT = `1
00:00:01,000 --> 00:00:02,500
Çok güzel bir gün, değil mi?

2
00:00:03,000 --> 00:00:05,000
Işığı söndür, öğretmen geliyor.
Şimdi ölçüyü düşün.
`;

function errorOf(fn: () => unknown): SubtitleError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SubtitleError) return error;
    throw error;
  }
  throw new Error('expected a SubtitleError');
}

describe('parseSrt', () => {
  it('parses Chinese cues with multi-line text and hours', () => {
    expect(parseSrt(ZH_SRT)).toEqual([
      { startMs: 1000, endMs: 3500, text: '你怎么会在这里？' },
      { startMs: 4000, endMs: 6250, text: '我一直在等你。\n三年了。' },
      { startMs: 3_723_004, endMs: 3_725_000, text: '别走！' },
    ]);
  });

  it('tolerates a BOM, CRLF, extra and missing blank lines, and `.` before milliseconds', () => {
    const src =
      '\uFEFF\r\n\r\n1\r\n00:00:01.000 --> 00:00:02,000\r\nHello\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nWorld\r\n\r\n\r\n\r\n' +
      '00:00:05,000 --> 00:00:06,000\r\nNo counter\r\n';
    expect(parseSrt(src)).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Hello' },
      { startMs: 3000, endMs: 4000, text: 'World' },
      { startMs: 5000, endMs: 6000, text: 'No counter' },
    ]);
  });

  it('keeps Turkish letters intact', () => {
    const cues = parseSrt(TR_SRT);
    expect(cues[1]!.text).toBe('Işığı söndür, öğretmen geliyor.\nŞimdi ölçüyü düşün.');
    expect(cues[0]!.text).toContain('ğ');
  });

  it.each([
    ['no cues', '\n\n', 1, /no cues/],
    ['end before start', '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nbad\n', 6, /before/],
    ['end equal to start', '1\n00:00:05,000 --> 00:00:05,000\nbad\n', 2, /before/],
    ['malformed timestamp', '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:0x,000 --> 00:00:04,000\n', 6, /malformed timestamp/],
    ['minutes out of range', '1\n00:61:01,000 --> 00:62:02,000\nx\n', 2, /malformed timestamp/],
    ['hours omitted (SRT)', '1\n00:01,000 --> 00:02,000\nx\n', 2, /hours are required/],
    ['negative timestamp', '1\n\n-00:00:01,000 --> 00:00:02,000\nx\n', 3, /negative/],
    ['malformed timing line', '1\n00:00:01,000 -> 00:00:02,000\nx\n', 2, /expected a cue timing/],
    ['stray text between cues', '00:00:01,000 --> 00:00:02,000\nx\n\nstray\n\n00:00:03,000 --> 00:00:04,000\ny\n', 4, /expected a cue timing/],
  ])('rejects %s with its line number', (_name, src, line, message) => {
    const error = errorOf(() => parseSrt(src));
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^line ${line}: `));
  });
});

describe('parseVtt', () => {
  it('accepts omitted hours, cue settings, identifiers and skips NOTE/STYLE/REGION blocks', () => {
    const src = [
      'WEBVTT - episode 1',
      'Kind: captions',
      '',
      'NOTE this is a comment',
      '00:00:00.000 --> 00:00:01.000 is not a cue',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:01.000 --> 00:02.500 align:start position:10% line:0',
      '<i>Previously…</i>',
      '',
      '01:00:00.000 --> 01:00:01,000',
      'Tom &amp; Jerry &lt;3',
      'second line',
      '',
    ].join('\n');
    expect(parseVtt(src)).toEqual([
      { startMs: 1000, endMs: 2500, text: '<i>Previously…</i>' },
      { startMs: 3_600_000, endMs: 3_601_000, text: 'Tom & Jerry <3\nsecond line' },
    ]);
  });

  it('tolerates a BOM, CRLF and a missing blank line after the header', () => {
    expect(parseVtt('\uFEFFWEBVTT\r\n00:01.000 --> 00:02.000\r\nHi\r\n')).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Hi' },
    ]);
  });

  it.each([
    ['missing header', '00:01.000 --> 00:02.000\nHi\n', 1, /WEBVTT/],
    ['no cues', 'WEBVTT\n\nNOTE only a note\n', 2, /no cues/],
    ['end before start', 'WEBVTT\n\n00:03.000 --> 00:02.000\nHi\n', 3, /before/],
    ['malformed timestamp', 'WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\n00:1.000 --> 00:02.000\n', 6, /malformed/],
    ['negative timestamp', 'WEBVTT\n\n-00:01.000 --> 00:02.000\nx\n', 3, /negative/],
  ])('rejects %s with its line number', (_name, src, line, message) => {
    const error = errorOf(() => parseVtt(src));
    expect(error).toBeInstanceOf(SubtitleError);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});

describe('cuesToWebVtt', () => {
  it('writes the header, HH:MM:SS.mmm timings and sorts cues by start', () => {
    const cues: Cue[] = [
      { startMs: 3_725_000, endMs: 3_726_001, text: 'late' },
      { startMs: 1000, endMs: 2000, text: 'early' },
      { startMs: 1000, endMs: 1500, text: 'earlier end' },
      { startMs: 500, endMs: 9_000_000, text: 'first, ends last' },
    ];
    expect(cuesToWebVtt(cues)).toBe(
      'WEBVTT\n\n' +
        '00:00:00.500 --> 02:30:00.000\nfirst, ends last\n\n' +
        '00:00:01.000 --> 00:00:01.500\nearlier end\n\n' +
        '00:00:01.000 --> 00:00:02.000\nearly\n\n' +
        '01:02:05.000 --> 01:02:06.001\nlate\n',
    );
    expect(cues[0]!.text).toBe('late'); // input not mutated
  });

  it('strips <script> and other markup, escapes &, <, >, keeps <b>, <i>, <u>', () => {
    const vtt = cuesToWebVtt([
      { startMs: 0, endMs: 1000, text: '<script>alert(1)</script>' },
      { startMs: 1000, endMs: 2000, text: '<font color="#ff0000">red</font> <I>it</I> <b>b</b> <u>u</u>' },
      { startMs: 2000, endMs: 3000, text: 'a < b && c > d <img src=x onerror=alert(1)>' },
    ]);
    expect(vtt).not.toMatch(/<script|<\/script|<font|<img|<I>/);
    expect(vtt).toContain('\nalert(1)\n');
    expect(vtt).toContain('\nred <i>it</i> <b>b</b> <u>u</u>\n');
    expect(vtt).toContain('\na &lt; b &amp;&amp; c &gt; d \n');
    // Nothing but the allowed tags can appear in the cue payload.
    const tags = vtt.match(/<[^>]*>/g) ?? [];
    expect(tags.every((tag) => /^<\/?[biu]>$/.test(tag))).toBe(true);
  });

  it('escapes text that would otherwise break the cue structure', () => {
    expect(sanitizeCueLine('x --> y')).toBe('x --&gt; y');
    const vtt = cuesToWebVtt([{ startMs: 0, endMs: 1000, text: 'one\n\n\ntwo' }]);
    expect(vtt).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\none\ntwo\n');
  });

  it('rejects invalid cue times', () => {
    expect(() => cuesToWebVtt([{ startMs: 10, endMs: 5, text: 'x' }])).toThrow(RangeError);
    expect(() => cuesToWebVtt([{ startMs: -1, endMs: 5, text: 'x' }])).toThrow(RangeError);
    expect(() => cuesToWebVtt([{ startMs: 0.5, endMs: 5, text: 'x' }])).toThrow(RangeError);
  });
});

describe('convertToWebVtt round trip', () => {
  it.each([
    ['zh', ZH_SRT],
    ['en', EN_SRT],
    ['tr', TR_SRT],
  ])('SRT (%s) → VTT parses back to the same cues', (_lang, srt) => {
    const vtt = convertToWebVtt(srt, 'srt');
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(parseVtt(vtt)).toEqual(parseSrt(srt));
  });

  it('keeps exact text for Chinese and Turkish output', () => {
    expect(convertToWebVtt(ZH_SRT, 'srt')).toContain('00:00:04.000 --> 00:00:06.250\n我一直在等你。\n三年了。\n');
    expect(convertToWebVtt(TR_SRT, 'srt')).toContain('Işığı söndür, öğretmen geliyor.\nŞimdi ölçüyü düşün.');
    expect(convertToWebVtt(EN_SRT, 'srt')).toContain('Tom &amp; Jerry said 1 &lt; 2 &gt; 0.');
  });

  it('BOM + CRLF SRT converts like the clean one', () => {
    const dirty = '\uFEFF' + TR_SRT.replace(/\n/g, '\r\n');
    expect(convertToWebVtt(dirty, 'srt')).toBe(convertToWebVtt(TR_SRT, 'srt'));
  });

  it('VTT → VTT normalises timings and is idempotent', () => {
    const src = 'WEBVTT\n\n2\n00:05.000 --> 00:06.000 line:0\nsecond\n\n1\n00:01.000 --> 00:02.000\n<i>first</i> &amp; more\n';
    const once = convertToWebVtt(src, 'vtt');
    expect(once).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i>first</i> &amp; more\n\n00:00:05.000 --> 00:00:06.000\nsecond\n',
    );
    expect(convertToWebVtt(once, 'vtt')).toBe(once);
  });

  it('sanitised output is a fixed point even for hostile input', () => {
    const hostile = '1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script> &lt;b&gt;\n';
    const once = convertToWebVtt(hostile, 'srt');
    expect(once).toContain('alert(1) &amp;lt;b&amp;gt;');
    expect(convertToWebVtt(once, 'vtt')).toBe(once);
  });

  it('propagates parse errors', () => {
    expect(() => convertToWebVtt('nonsense', 'vtt')).toThrow(SubtitleError);
    expect(() => convertToWebVtt('nonsense', 'srt')).toThrow(SubtitleError);
  });
});
