import jest from 'eslint-plugin-jest';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '.data/**',
      '.ci/**',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Type-aware rules need the program: every .ts file is in tsconfig.json.
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A promise nobody awaits loses its failure; one passed where a callback's result is
      // ignored (an event handler, a timer) does too.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['libs/*/src/*', '../../libs/*'],
              message: 'Import another library through its @app/* alias (index.ts) only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests that cannot fail: no assertion, one that runs only sometimes, one outside a test,
    // an expect never awaited or closed, a skipped test.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts', 'examples/*/test/**/*.ts'],
    // A generator run through jest (test/fixtures/*/make-fixture.gen.ts) makes files, tests nothing.
    ignores: ['**/*.gen.ts'],
    plugins: { jest },
    rules: {
      // Helpers named expect… assert (expectHeaders, expectRebuildGivesBack).
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*'] }],
      'jest/no-conditional-expect': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/valid-expect': 'error',
      'jest/no-standalone-expect': 'error',
      // jest/no-conditional-expect sees an expect in a `catch`; one in a `try` whose catch
      // swallows the failure passes just as silently (a try with only a finally is fine).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TryStatement[handler] > BlockStatement.block CallExpression[callee.name='expect']",
          message: 'An expect inside try: a catch may swallow its failure. Assert after the try.',
        },
      ],
    },
  },
);
