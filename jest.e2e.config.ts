import type { Config } from 'jest';
import base from './jest.config';

// The browser suite: real Chromium (Debian's package, driven by playwright-core) against `npm start`.
const server = (base.projects as Config[]).find((p) => p.displayName === 'server')!;

const config: Config = {
  reporters: base.reporters,
  transform: server.transform,
  transformIgnorePatterns: server.transformIgnorePatterns,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/tests/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/e2e/support/globalTeardown.ts',
  testSequencer: '<rootDir>/tests/e2e/support/sequencer.cjs',
  testTimeout: 120_000,
  maxWorkers: 1,
};

export default config;
