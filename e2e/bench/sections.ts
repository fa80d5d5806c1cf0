/** The bench's sections, each run in a process of its own (run.ts). */
export const SECTIONS = ['reads', 'writes', 'console', 'uploads', 'reports', 'media', 'scale'] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * The sections `npm run bench -- …` asks for: none means all of them. A name that is not a
 * section is refused, so a typo ends the bench with an error instead of measuring nothing and
 * exiting as if it had.
 */
export function sectionsAskedFor(args: readonly string[]): Section[] {
  const unknown = args.filter((arg) => !(SECTIONS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    throw new Error(
      `unknown bench section ${unknown.map((arg) => `"${arg}"`).join(', ')}: choose from ${SECTIONS.join(', ')}`,
    );
  }
  return args.length === 0 ? [...SECTIONS] : SECTIONS.filter((section) => args.includes(section));
}
