// Jest runs TypeScript as native ESM through @swc/jest (NODE_OPTIONS=--experimental-vm-modules).
// Plain JS because Jest would need ts-node to read a TypeScript config.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];
const common = {
  transform: { '^.+\\.[cm]?tsx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/packages/ui/src/testing/style-mock.cjs',
    '\\.(pdf|png|jpe?g|gif|svg|webp|woff2?)$': '<rootDir>/packages/ui/src/testing/file-mock.cjs',
  },
};
export default {
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/api/**/__tests__/**/*.test.ts',
        '<rootDir>/packages/{contracts,api-client,mf-config,geo}/**/__tests__/**/*.test.ts',
        '<rootDir>/contract-tests/**/*.test.ts',
        '<rootDir>/scripts/**/__tests__/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: '<rootDir>/packages/ui/src/testing/jsdom-env.cjs',
      testMatch: [
        '<rootDir>/{shell,mfe-explore,mfe-account,mfe-marketing,mfe-admin}/src/**/__tests__/**/*.test.{ts,tsx}',
        '<rootDir>/packages/{session,ui,i18n}/**/__tests__/**/*.test.{ts,tsx}',
        '<rootDir>/contract-tests/**/*.test.tsx',
      ],
    },
  ],
};
