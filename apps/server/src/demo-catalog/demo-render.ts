import { runFfmpeg } from '../media/transcode/ffmpeg.js';

/**
 * ffmpeg drawings for the demo catalogue: graded, moving "scenes" made from lavfi generators
 * (gradients, life, cellauto, mandelbrot), tinted in each drama's palette so every drama has a
 * mood. Nothing here draws text: titles come from the catalogue (the page shows them in the
 * viewer's language) and from the zh/en/tr subtitle tracks. Every generator is seeded, so a run
 * renders the same pictures every time.
 */

export const CLIP_SECONDS = 6;
/** A low frame rate keeps the committed segments small (fewer frames); the ladder keeps it. */
const CLIP_FPS = 10;
/** Steps per second of the cellular generators, cross-faded up to CLIP_FPS. */
const SLOW_FPS = 5;
const TIMEOUT_MS = 5 * 60_000;

/** The picture behind a drama: a generator, graded and tinted. */
type SceneKind = 'silk' | 'mist' | 'fractal' | 'weave' | 'embers';

export interface DemoScene {
  kind: SceneKind;
  /** Seeds every generator; each episode adds its number so episodes differ. */
  seed: number;
  /** eq contrast / saturation / gamma on top of the tint (1 = unchanged). */
  contrast?: number;
  saturation?: number;
  gamma?: number;
  /** Film grain strength (0 = none); grain costs bitrate, so only the noir dramas use it. */
  grain?: number;
  /** A colour washed over the highlights ("light leak"), hex RGB. */
  glow?: string;
}

export interface Renderer {
  ffmpegPath: string;
  /** Scratch folder for source clips. */
  workDir: string;
}

function channel(hex: string, offset: number): number {
  return Number.parseInt(hex.slice(offset, offset + 2), 16);
}

/** Maps grey to a two-colour ramp (shadows `dark`, highlights `light`): the drama's palette. */
function duotone(dark: string, light: string): string {
  const ramp = (o: number) => `${channel(dark, o)}+(${channel(light, o) - channel(dark, o)})*val/255`;
  return `hue=s=0,format=rgb24,lutrgb=r='${ramp(0)}':g='${ramp(2)}':b='${ramp(4)}'`;
}

interface Frame {
  width: number;
  height: number;
  seconds: number;
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/** Interesting corners of the Mandelbrot set (seahorse valley, spirals); an episode picks one. */
const FRACTAL_SPOTS: readonly [number, number, number][] = [
  [-0.743643887, 0.131825904, 0.012],
  [-0.7453, 0.1127, 0.006],
  [-1.25066, 0.02012, 0.02],
  [-0.1011, 0.9563, 0.03],
  [0.2549, 0.0005, 0.02],
  [-0.16, 1.0405, 0.04],
];

/** The moving grey picture of a scene kind (tinted afterwards), exactly frame.width×frame.height. */
function base(kind: SceneKind, seed: number, f: Frame): string {
  const { width: w, height: h, seconds: d } = f;
  const r = CLIP_FPS;
  switch (kind) {
    case 'silk':
      // Slow drifting colour fields: soft light through curtains.
      return (
        `gradients=s=${even(w / 4)}x${even(h / 4)}:r=${r}:d=${d}:n=4:c0=white:c1=black:c2=0x909090:c3=0x303030` +
        `:speed=0.02:seed=${seed},scale=${w}:${h}:flags=bicubic,boxblur=${even(w / 40)}:2`
      );
    case 'mist': {
      // Game of life grown into mould, blurred into drifting fog; the first seconds of noise are
      // skipped. It evolves at a few steps a second, cross-faded up to the clip's rate: slow fog
      // is cheap for the encoder, which keeps the committed segments small.
      const skip = 8;
      return (
        `life=s=${even(w / 12)}x${even(h / 12)}:r=${SLOW_FPS}:mold=30:ratio=0.3:seed=${seed}` +
        `:life_color=white:death_color=black:mold_color=0x606060,trim=start=${skip}:duration=${d},` +
        `setpts=PTS-STARTPTS,scale=${w}:${h}:flags=bicubic,boxblur=${even(w / 24)}:2,framerate=fps=${r}`
      );
    }
    case 'weave': {
      // A scrolling cellular automaton (a chaotic rule, so no tidy triangles), blurred into rain or falling light.
      const rule = seed % 2 === 0 ? 30 : 110;
      return (
        `cellauto=s=${even(w / 8)}x${even(h / 8)}:r=${SLOW_FPS * 2}:rule=${rule}:seed=${seed}` +
        `:random_fill_ratio=0.5:scroll=1,trim=duration=${d},scale=${w}:${h}:flags=bicubic,boxblur=${even(w / 36)}:2,` +
        `framerate=fps=${r}`
      );
    }
    case 'fractal': {
      // One Mandelbrot still, taller than the frame; the camera tilts down over it.
      const [x, y, scale] = FRACTAL_SPOTS[seed % FRACTAL_SPOTS.length] ?? [-0.75, 0.1, 0.01];
      const tall = even(h * 1.35);
      return (
        `mandelbrot=s=${even(w / 2)}x${even(tall / 2)}:r=${r}:start_x=${x}:start_y=${y}:start_scale=${scale}` +
        `:end_scale=${scale}:maxiter=250:inner=black:outer=normalized_iteration_count,trim=end_frame=1,` +
        `loop=loop=${Math.ceil(d * r)}:size=1,setpts=N/${r}/TB,scale=${w}:${tall}:flags=bicubic,boxblur=3:1,` +
        `crop=${w}:${h}:0:'(ih-oh)*t/${d}'`
      );
    }
    case 'embers':
      // Sparks (a fine, fast life) over a slow glow: fire light, city lights out of focus.
      return (
        `life=s=${even(w / 6)}x${even(h / 6)}:r=${SLOW_FPS}:ratio=0.08:seed=${seed}:life_color=white:death_color=black,` +
        `trim=duration=${d},scale=${w}:${h}:flags=bicubic,boxblur=${even(w / 60)}:1,framerate=fps=${r},format=gbrp[sp${seed}];` +
        `gradients=s=${even(w / 4)}x${even(h / 4)}:r=${r}:d=${d}:n=3:c0=0x202020:c1=0x707070:c2=black` +
        `:speed=0.015:seed=${seed},scale=${w}:${h}:flags=bicubic,boxblur=4:1,format=gbrp[gl${seed}];` +
        `[gl${seed}][sp${seed}]blend=all_mode=screen`
      );
  }
}

/** The full video graph of a scene ending in [v]: grey picture, palette, grade, glow, vignette. */
export function sceneGraph(scene: DemoScene, colors: [string, string], seedOffset: number, f: Frame): string {
  const seed = scene.seed + seedOffset;
  const grade = [
    duotone(colors[0], colors[1]),
    `eq=contrast=${scene.contrast ?? 1.1}:saturation=${scene.saturation ?? 1.2}:gamma=${scene.gamma ?? 1}`,
  ];
  if (scene.glow) {
    // A soft coloured light sweeping across: a warm or cold wash over the highlights.
    grade.push(
      `format=gbrp,split[g0_${seed}][g1_${seed}];[g1_${seed}]curves=all='0/0 0.6/0.2 1/1',colorchannelmixer=` +
        `rr=${channel(scene.glow, 0) / 255}:gg=${channel(scene.glow, 2) / 255}:bb=${channel(scene.glow, 4) / 255}` +
        `[g2_${seed}];[g0_${seed}][g2_${seed}]blend=all_mode=screen:all_opacity=0.45`,
    );
  }
  grade.push(`vignette=angle=PI/4.5`);
  if (scene.grain) grade.push(`noise=alls=${scene.grain}:allf=t:all_seed=${seed}`);
  grade.push('format=yuv420p');
  return `${base(scene.kind, seed, f)},${grade.join(',')}[v]`;
}

/**
 * A short sting in the drama's key (a root and its fifth) that swells under the opening title
 * cue and dies away; the rest is silence, which AAC stores almost for free (a continuous sound
 * would double the audio bytes of every committed rendition).
 */
function ambience(toneHz: number, seconds: number): string {
  const sting = 2.5;
  const pad = `(0.05*sin(2*PI*${toneHz}*t)+0.03*sin(2*PI*${toneHz * 1.5}*t))*if(lt(t,${sting}),sin(PI*t/${sting}),0)`;
  return `aevalsrc='${pad}':s=48000:d=${seconds}[a]`;
}

/**
 * One still of a scene (poster, banner): a frame a few seconds in, once the motion has settled.
 * No text: the page prints the title, and the carousel its caption, in the viewer's language.
 */
export async function renderStill(
  r: Renderer,
  out: string,
  scene: DemoScene,
  colors: [string, string],
  { width, height }: { width: number; height: number },
): Promise<void> {
  const atFrame = 2 * CLIP_FPS;
  const graph = sceneGraph(scene, colors, 0, { width, height, seconds: 4 }).replace(
    /\[v\]$/,
    `,trim=start_frame=${atFrame},setpts=PTS-STARTPTS[v]`,
  );
  // prettier-ignore
  await runFfmpeg(
    r.ffmpegPath,
    ['-filter_complex', graph, '-map', '[v]', '-frames:v', '1', '-q:v', '4', out],
    { timeoutMs: TIMEOUT_MS },
  );
}

/**
 * A CLIP_SECONDS source clip of episode `n` (near-lossless; the ladder compresses it). It is drawn
 * at the SD size: the pictures are soft, so the ladder's upscale to HD loses nothing, and drawing
 * a third of the pixels keeps `demo:generate` quick on a small machine.
 */
export async function renderClip(
  r: Renderer,
  out: string,
  scene: DemoScene,
  colors: [string, string],
  n: number,
  toneHz: number,
): Promise<void> {
  const video = sceneGraph(scene, colors, n, { width: 480, height: 854, seconds: CLIP_SECONDS });
  // prettier-ignore
  await runFfmpeg(
    r.ffmpegPath,
    [
      '-filter_complex', `${video};${ambience(toneHz, CLIP_SECONDS)}`,
      '-map', '[v]', '-map', '[a]',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-r', String(CLIP_FPS),
      '-c:a', 'aac', '-b:a', '128k',
      '-t', String(CLIP_SECONDS),
      out,
    ],
    { timeoutMs: TIMEOUT_MS },
  );
}
