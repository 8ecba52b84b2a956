// Jest runs in native ESM mode: NestJS 12 is ESM-only, and Jest's CommonJS mode cannot load it on
// Node 20 ("Must use import to load ES Module"). SWC transpiles with legacy decorators and
// their metadata; `jest.mock` is not hoisted in this mode, so tests use real components.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

export default {
  rootDir: '.',
  moduleFileExtensions: ['ts', 'js', 'json'],
  extensionsToTreatAsEsm: ['.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    // CommonJS packages that require these ES modules, which Node 20's jest cannot:
    // @fastify/static (for /docs) content-disposition, light-my-request (`inject`, which the
    // docs routes use) cookie.
    '/node_modules/(content-disposition|cookie)/.+\\.js$': [
      '@swc/jest',
      { module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie)/)'],
  testMatch: [
    '<rootDir>/libs/**/*.spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
    '<rootDir>/test/*.spec.ts',
    '<rootDir>/examples/*/test/*.e2e-spec.ts',
  ],
  // One pattern for every library, app and example: `@app/<name>` is its `src/index.ts`.
  moduleNameMapper: {
    '^@app/([a-z0-9-]+)$': [
      '<rootDir>/libs/$1/src',
      '<rootDir>/apps/$1/src',
      '<rootDir>/examples/$1/src',
    ],
  },
  testTimeout: 60000,
  // On the embedded Postgres engine: one cluster per jest process (shard), a database per test app.
  globalSetup: '<rootDir>/test/support/suite-cluster-setup.ts',
  globalTeardown: '<rootDir>/test/support/suite-cluster-teardown.ts',
  // After the summary: the skipped tests, checked against test/expected-skips.json (fails the
  // run under CI=true on a skip the pass does not declare).
  reporters: [
    'default',
    ['<rootDir>/test/support/skip-reporter.mjs', { list: 'test/expected-skips.json' }],
  ],
};
