import { envSchema, settingDocs } from './env-schema.js';

/**
 * Every variable of `envSchema`, in its order, with the default and description written beside
 * its parsing there. The README table and `.env.example` are generated from this
 * (`npm run docs:config -w apps/server`) and a test fails when they drift.
 */
export const configDocs = Object.entries(envSchema.shape).map(([name, schema]) => {
  const doc = settingDocs.get(schema);
  if (!doc) throw new Error(`${name} in envSchema has no description: declare it with setting() or optional()`);
  return { name, ...doc };
});

/** The Markdown table of the README, between its `config-table` markers. */
export function renderConfigTable(): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = configDocs.map(
    (doc) =>
      `| \`${doc.name}\` | ${doc.default === undefined ? '(unset)' : `\`${escape(doc.default)}\``} | ${escape(doc.description)} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `.env.example`: every variable, commented out at its default, so copying it changes nothing. */
export function renderEnvExample(): string {
  const header = [
    '# Every setting of the server, at its embedded default (generated: npm run docs:config -w apps/server).',
    '# Set them in the environment (e.g. export in your shell); secrets never go into the repository.',
  ];
  const blocks = configDocs.map((doc) => `# ${doc.description}\n# ${doc.name}=${doc.default ?? ''}`);
  return `${[...header, '', blocks.join('\n\n')].join('\n')}\n`;
}
