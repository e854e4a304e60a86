// Flat config (plain JS: ESLint 9 would need jiti to read TypeScript).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '.tmp/**', '.data/**', '.bench/**', 'api/data/**', 'coverage/**', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty-pattern': 'off',
    },
  },
  {
    // Browser code: routing through the narrow shared entry (packages/router explains why), Supabase through the
    // session package's one client (types may still come from supabase-js), contract values from the zod-free
    // '@wayfarer/contracts/browser' (a schema needed at run time is imported lazily, with import()).
    files: ['shell/src/**', 'mfe-*/src/**', 'packages/{session,ui,api-client,router}/src/**'],
    ignores: ['packages/session/src/client.ts', 'packages/router/src/index.ts', '**/__tests__/**', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: "Import routing from '@wayfarer/router' (the shared narrow entry)." },
            { name: 'react-router-dom', message: "Import routing from '@wayfarer/router' (the shared narrow entry)." },
            {
              name: '@wayfarer/contracts',
              message: "Import values from '@wayfarer/contracts/browser' (no zod); types may come from here.",
              allowTypeImports: true,
            },
            {
              name: '@wayfarer/contracts/auth-forms',
              message: 'It holds zod: load it with import() (see lib/auth-forms.ts in mfe-account).',
              allowTypeImports: true,
            },
            {
              name: '@wayfarer/contracts/admin-forms',
              message: 'It holds zod: load it with import() (see lib/admin-forms.ts in mfe-admin).',
              allowTypeImports: true,
            },
            {
              name: '@supabase/supabase-js',
              message: "Use the session package's client (getSupabase from '@wayfarer/session').",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/__tests__/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
