import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const API_TESTS = 'tests/api';

const API_TEST_FILES = fs
  .readdirSync(API_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.posix.join(API_TESTS, file.split(path.sep).join('/')));

/**
 * The API test files that replace a module (`vi.mock`): a mock applies to the modules its file imports,
 * so such a file needs modules of its own and runs isolated. Found by reading the files, not listed by
 * hand, so a new mock cannot land among the shared ones. Both lists name files, not globs with an
 * `exclude`: a project's own `exclude` would replace the command line's (.ci/run's second stage).
 */
const mocks = (file: string) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8'));
const MOCKING = API_TEST_FILES.filter(mocks);
const SHARING = API_TEST_FILES.filter((file) => !mocks(file));

export default defineConfig({
  test: {
    globalSetup: ['tests/api/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite runs on the main thread: two workers on two cores is the sweet spot here.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // Every API test file imports the whole app (about 1.7 s of modules). Without isolation a
          // worker imports it once and every file after reuses it: each file still builds its own app
          // on its own database (support/test-app.ts), so no state is shared that a file relies on.
          name: 'api',
          include: SHARING,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'tests/integration/**/*.test.ts', ...MOCKING],
        },
      },
    ],
  },
});
