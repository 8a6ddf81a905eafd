import type { Config } from 'jest';

// ESM-only packages that jest (CommonJS) must transform.
const esmPackages = ['react-intl', '@formatjs', 'intl-messageformat', '@rjsf', '@x0k', 'echarts', 'zrender', 'nanoid'];

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  }],
};

const common = {
  transform,
  transformIgnorePatterns: [`node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '\\.css$': '<rootDir>/tests/support/styleStub.ts' },
};

const config: Config = {
  reporters: ['default', '<rootDir>/tests/support/summaryReporter.js'],
  projects: [
    { ...common, displayName: 'shared', testEnvironment: 'node', testMatch: ['<rootDir>/tests/shared/**/*.test.ts'] },
    { ...common, displayName: 'config', testEnvironment: 'node', testMatch: ['<rootDir>/tests/config/**/*.test.ts'] },
    {
      ...common, displayName: 'client', testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/client/**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/tests/support/jsdomPolyfills.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/clientSetup.ts'],
    },
    { ...common, displayName: 'server', testEnvironment: 'node', testMatch: ['<rootDir>/tests/server/**/*.test.ts'] },
  ],
};

export default config;
