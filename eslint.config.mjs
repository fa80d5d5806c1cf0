import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The web's features: each is a folder that imports lib/ and components/ui/, never another feature. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Web files that may load the contract's zod entry (forms off home's path that validate input, their schemas). */
const WEB_ZOD_ALLOWED = [
  'apps/web/src/features/login/components/login-form.tsx',
  'apps/web/src/features/login/login-schema.ts',
  'apps/web/src/features/payment/api/get-order.ts',
  'apps/web/src/features/me/components/profile-form.tsx',
  'apps/web/src/features/me/profile-schema.ts',
  'apps/web/src/features/settings/components/password-dialog.tsx',
  'apps/web/src/features/settings/password-schema.ts',
];
const NO_ZOD_IN_WEB = {
  paths: [
    {
      name: '@cliffhanger/contract',
      allowTypeImports: true,
      message: "Import from '@cliffhanger/contract/browser' (no zod in the web bundle).",
    },
  ],
  patterns: [{ group: ['zod', 'zod/*'], message: 'No zod in the web bundle.' }],
};
/** One feature's import rule: the web's zod rule (unless the file may load it) plus no other feature and no app/. */
const featureImports = (feature, zodAllowed) => ({
  paths: zodAllowed ? [] : NO_ZOD_IN_WEB.paths,
  patterns: [
    ...(zodAllowed ? [] : NO_ZOD_IN_WEB.patterns),
    {
      group: [
        ...WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [`**/${other}`, `**/${other}/**`]),
        '**/app/**',
      ],
      message:
        'A feature imports lib/ and components/ui/, never another feature or app/: move what both need to lib/ or components/ui/.',
    },
  ],
});

/** The wallet's repositories and tables: only the wallet services may import them. */
const WALLET_TABLES = {
  group: ['**/repositories/wallet-*', '**/db/wallet.schema*'],
  message: 'Only the wallet services write (and read) the wallet tables: go through WalletService or VipService.',
};

export default tseslint.config(
  // apps/server/demo holds HLS segments named *.ts (MPEG transport streams, not TypeScript).
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'coverage/**',
      'apps/server/demo/**',
      'apps/mobile/ios/**',
      'apps/mobile/www/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        {
          selector: "CallExpression[callee.property.name='skip']",
          message: 'No skipped tests: use the suite guard that fails in CI.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every UI string goes through i18n: a literal in JSX text or in a user-facing attribute fails lint.
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-only', 'jsx-attributes': { include: ['title', 'alt', 'placeholder', 'aria-label', 'label'] } },
      ],
    },
  },
  {
    // The console, like the web: every UI string through its catalogue (src/i18n/messages.ts).
    files: ['apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-only', 'jsx-attributes': { include: ['title', 'alt', 'placeholder', 'aria-label', 'label'] } },
      ],
    },
  },
  {
    // The contract's main entry carries zod; the web takes its values from the zod-free browser
    // entry. Only pages off the home page's path that validate input with a zod rule may load it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // test/ is test code: its API stub checks canned answers with the contract's schemas.
    ignores: [...WEB_ZOD_ALLOWED, 'apps/web/src/test/**'],
    rules: { 'no-restricted-imports': ['error', NO_ZOD_IN_WEB] },
  },
  // Each feature on its own (these replace the rule above for the feature's files, so they carry it).
  ...WEB_FEATURES.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      ignores: ['**/*.test.{ts,tsx}', ...WEB_ZOD_ALLOWED],
      rules: { 'no-restricted-imports': ['error', featureImports(feature, false)] },
    },
    {
      files: WEB_ZOD_ALLOWED.filter((file) => file.startsWith(`apps/web/src/features/${feature}/`)),
      rules: { 'no-restricted-imports': ['error', featureImports(feature, true)] },
    },
  ]).filter((block) => block.files.length > 0),
  {
    // One writer of balances and the ledger (docs/architecture.md#server-layering): the wallet's repositories
    // and tables are reached from the wallet services only; everyone else asks WalletService or VipService.
    // (Blocks below that set this rule for narrower files carry the same pattern: a later block's rule
    // replaces an earlier one's.)
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/services/wallet/**',
      'apps/server/src/repositories/wallet-*',
      'apps/server/src/db/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [WALLET_TABLES] }] },
  },
  {
    // The server's layers: routes are thin and reach the database through services; only
    // repositories speak SQL.
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/repositories/**', '**/db/**'],
              message: 'A route calls services; only repositories speak SQL.',
            },
            WALLET_TABLES,
          ],
        },
      ],
    },
  },
  {
    // http/ (the HTTP plumbing) and lib/ (helpers) sit below the services.
    files: ['apps/server/src/http/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/**'], message: 'http/ and lib/ sit below the services and must not import them.' },
            WALLET_TABLES,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/test/**'],
    rules: {
      'i18next/no-literal-string': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
