import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

export default tseslint.config(
  // apps/server/demo holds HLS segments named *.ts (MPEG transport streams, not TypeScript).
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/meta/**', 'coverage/**', 'apps/server/demo/**', 'apps/mobile/ios/**', 'apps/mobile/www/**'] },
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
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests: use the suite guard that fails in CI.' },
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
      'i18next/no-literal-string': ['error', { mode: 'jsx-only', 'jsx-attributes': { include: ['title', 'alt', 'placeholder', 'aria-label', 'label'] } }],
    },
  },
  {
    // The contract's main entry carries zod; the web takes its values from the zod-free browser
    // entry. Only pages off the home page's path that validate input with a zod rule may load it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/features/login/components/login-form.tsx',
      'apps/web/src/features/payment/api/get-order.ts',
      'apps/web/src/features/profile/components/profile-form.tsx',
      'apps/web/src/features/settings/components/password-dialog.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@cliffhanger/contract', allowTypeImports: true, message: "Import from '@cliffhanger/contract/browser' (no zod in the web bundle)." }],
          patterns: [{ group: ['zod', 'zod/*'], message: 'No zod in the web bundle.' }],
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
