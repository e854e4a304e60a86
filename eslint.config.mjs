// Flat config (plain JS: ESLint 9 would need jiti to read TypeScript).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

// The apps: the shell and the remotes (browser), and the API (server).
const REMOTES = readdirSync('.')
  .filter((d) => d.startsWith('mfe-'))
  .sort();
const BROWSER_APPS = ['shell', ...REMOTES];
const APPS = [...BROWSER_APPS, 'api'];

/**
 * Import boundaries, as import/no-restricted-paths zones over resolved files:
 * - the shell and the remotes never import one another (the shell loads remotes at run time only);
 * - packages/* never import an app;
 * - a feature (<app>/src/features/<x>/) imports another feature of its app only through that feature's index.
 * The features are read from the tree, so a new feature is covered without a change here.
 */
function boundaryZones() {
  const zones = BROWSER_APPS.map((app) => ({
    target: `./${app}`,
    from: BROWSER_APPS.filter((a) => a !== app).map((a) => `./${a}`),
    message:
      'The shell and the remotes never import one another (Module Federation loads a remote at run time).',
  }));
  zones.push({
    target: './packages',
    from: APPS.map((a) => `./${a}`),
    message: 'A package never imports an app.',
  });
  // Explore's list feature never depends on the sight detail (which reads the list's state): the cycle
  // nearby -> sight-detail -> nearby stays gone, and the map page never pulls in the detail page.
  zones.push({
    target: './mfe-explore/src/features/nearby',
    from: './mfe-explore/src/features/sight-detail',
    message:
      'nearby must not import sight-detail (sight-detail depends on nearby; the reverse made the cycle).',
  });
  for (const app of BROWSER_APPS) {
    const dir = `${app}/src/features`;
    if (!existsSync(dir)) continue;
    const features = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const feature of features) {
      const others = features.filter((f) => f !== feature).map((f) => `./${dir}/${f}`);
      if (!others.length) continue;
      zones.push({
        target: others,
        from: `./${dir}/${feature}`,
        except: ['./index.ts', './index.tsx'],
        message: `Import the '${feature}' feature through its index (${dir}/${feature}/index.ts), not its internals.`,
      });
    }
  }
  return zones;
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      // Published versions of a remote (pnpm release:publish): copies of its dist.
      'mfe-*/releases/**',
      '.tmp/**',
      '.data/**',
      '.bench/**',
      'api/data/**',
      'coverage/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty-pattern': 'off',
    },
  },
  {
    // Boundaries between apps, packages and features (boundaryZones above); no import cycle inside an app.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaryZones() }] },
  },
  {
    files: BROWSER_APPS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Accessibility of every component (jsx-a11y's recommended rules).
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Browser code: routing through the narrow shared entry (packages/router explains why), Supabase through the
    // session package's one client (types may still come from supabase-js), contract values from the zod-free
    // '@wayfarer/contracts/browser' (a schema needed at run time is imported lazily, with import()).
    files: ['shell/src/**', 'mfe-*/src/**', 'packages/{session,ui,api-client,router,query}/src/**'],
    ignores: [
      'packages/session/src/client.ts',
      'packages/router/src/index.ts',
      'packages/query/src/index.ts',
      '**/__tests__/**',
      '**/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              message: "Import routing from '@wayfarer/router' (the shared narrow entry).",
            },
            {
              name: 'react-router-dom',
              message: "Import routing from '@wayfarer/router' (the shared narrow entry).",
            },
            {
              name: '@tanstack/react-query',
              message: "Import server-data hooks from '@wayfarer/query' (the shared narrow entry).",
            },
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
