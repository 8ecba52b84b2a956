/**
 * Dependency rules, checked in CI (`npm run depcheck`): each library is used through its
 * public `index.ts` only, and the layers point one way (platform <- event-store <- features).
 */
module.exports = {
  forbidden: [
    {
      name: 'library-public-index-only',
      comment:
        'Import another library or example through its @app/<name> alias (its src/index.ts), never its internals.',
      severity: 'error',
      from: { path: '^(libs|examples|apps)/([^/]+)/' },
      to: {
        path: '^(libs|examples)/([^/]+)/src/',
        pathNot: ['^(libs|examples)/[^/]+/src/index\\.ts$', '^$1/$2/'],
      },
    },
    {
      name: 'platform-depends-on-no-library',
      comment: 'The platform is the bottom layer: it knows no feature, nor the event store.',
      severity: 'error',
      from: { path: '^libs/platform/' },
      to: { path: '^(libs/(?!platform/)|apps/|examples/)' },
    },
    {
      name: 'event-store-depends-on-platform-only',
      severity: 'error',
      from: { path: '^libs/event-store/' },
      to: { path: '^(libs/(?!(platform|event-store)/)|apps/|examples/)' },
    },
    {
      name: 'libraries-do-not-import-apps',
      comment: 'Only the testing library builds the app (it is the app, for tests).',
      severity: 'error',
      from: { path: '^(libs|examples)/', pathNot: '^libs/testing/' },
      to: { path: '^apps/' },
    },
    {
      name: 'openapi-library-on-first-use',
      comment:
        'The server loads @nestjs/swagger on the first request for /docs (libs/platform/src/openapi/docs-routes.ts), not at start: controllers take its decorators from @app/platform (deferred-decorators.ts); elsewhere only its types.',
      severity: 'error',
      from: { path: '^(libs|apps|examples)/', pathNot: '\\.spec\\.ts$' },
      to: {
        path: '^node_modules/@nestjs/swagger/',
        dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'],
      },
    },
    {
      name: 'no-circular-between-libraries',
      severity: 'error',
      from: { path: '^libs/([^/]+)/' },
      to: { circular: true, pathNot: '^libs/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
