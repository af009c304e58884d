/** @jest-config-loader-options {"transpileOnly": true} */
// (ts-node loads this file without type-checking it, 2 CPU-s less per Jest run: tsc -b checks it.)
import type { Config } from 'jest';

/**
 * TypeScript for Jest: swc strips the types and turns each file into CommonJS on its own, hoisting
 * `jest.mock` above the imports. Types are checked once, by `tsc -b` in the lint (test files
 * included), never per file here; `isolatedModules` (tsconfig.base.json) keeps every file
 * transpilable alone. swc does in native code what ts-jest did with TypeScript's transpiler in
 * each worker: a cold Jest run of the UI projects costs 13 % less CPU (docs/testing.md).
 * The options follow the base tsconfig: ES2022 with its class-field semantics, the automatic JSX
 * runtime; `.ts` files are parsed without JSX so that `<T>value` casts stay types.
 */
const swc = (tsx: boolean): [string, Record<string, unknown>] => [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', tsx },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    },
  },
];
/** One Jest project per workspace (and the repo's scripts); UI packages run in jsdom, the API, the model and the core in Node. */
const transform: Config['transform'] = {
  '^.+\\.ts$': swc(false),
  '^.+\\.tsx$': swc(true),
  // The repo's own ES modules (the local stack's, tooling/stack/*.mjs), imported by their tests.
  '^.+\\.mjs$': '<rootDir>/../jest/esmToCommonJs.cjs',
};

const moduleNameMapper = {
  '\\.(css)$': '<rootDir>/../jest/styleMock.js',
  '\\.(png|jpg|jpeg|gif|svg|webp|woff2?)$': '<rootDir>/../jest/fileMock.js',
};

const project = (name: string, environment: 'jsdom' | 'node'): Config => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: environment,
  // Jest's runtime, keeping V8's code cache of the modules a worker compiles (jest/codeCacheRuntime.cjs).
  runtime: '<rootDir>/../jest/codeCacheRuntime.cjs',
  transform,
  moduleNameMapper,
  setupFiles: ['<rootDir>/../jest/polyfills.ts'],
  setupFilesAfterEnv: environment === 'jsdom' ? ['<rootDir>/../jest/setupDom.ts'] : [],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
});

const LOAD_TESTS = '\\.load\\.test\\.ts$';
/** A service's tests (article-api, release-service), on SQLite. */
const serviceProject = (name: string): Config => ({
  ...project(name, 'node'),
  testPathIgnorePatterns: ['/node_modules/', LOAD_TESTS],
});

/**
 * A service's tests once more on PostgreSQL: a throw-away server for the run (globalSetup), a fresh
 * database per test app. Files that never touch storage (`sqliteOnly`) run once, in the SQLite project.
 */
const onPostgres = (service: Config, sqliteOnly: string[]): Config => ({
  ...service,
  displayName: `${String(service.displayName)}-postgres`,
  setupFiles: ['<rootDir>/../jest/polyfills.ts', 'service-kit/testing/usePostgres'],
  globalSetup: 'service-kit/testing/postgresGlobalSetup',
  globalTeardown: 'service-kit/testing/postgresGlobalTeardown',
  testPathIgnorePatterns: ['/node_modules/', `/test/(${sqliteOnly.join('|')})\\.test\\.ts$`, LOAD_TESTS],
});
const articleApi = serviceProject('article-api');
const articleApiOnPostgres = onPostgres(articleApi, ['config', 'slug', 'postgresServer', 'freshRead']);
const releaseService = serviceProject('release-service');
/** The services' shared plumbing that can be tested alone (compiledOnce, the kept statements). */
const serviceKit = serviceProject('service-kit');

/**
 * The fixed-rate load tests (`*.load.test.ts`: 200 requests/s for 60 s, a rate the API must keep)
 * in projects of their own, so that `npm test` runs them while nothing else shares the cores
 * (docs/testing.md); `npm run test:unit` runs them with the rest.
 */
const loadTestsOf = (apiProject: Config, displayName: string): Config => ({
  ...apiProject,
  displayName,
  testMatch: ['<rootDir>/test/**/*.load.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
});

const config: Config = {
  // npm test runs Jest beside the browser suite on two cores: a jsdom form test typing through
  // userEvent took over Jest's default 5 s there while taking 1–2 s alone. A hang still fails.
  // (A global option: set on a project, Jest 30 shows it and does not apply it.)
  // Times the machine's pace (TEST_PACE, which `npm test` measures; docs/testing.md, "Time
  // limits"): a machine half as fast gets twice the time to fail a hang.
  testTimeout: Math.round(15_000 * Math.max(1, Number(process.env.TEST_PACE) || 1)),
  // The slowest files first on a fresh clone, as Jest does itself once it has timings.
  testSequencer: '<rootDir>/jest/slowFilesFirst.cjs',
  // The run's one Auth emulator, started when a test file first asks for it and stopped at the end
  // (service-kit/src/testing/runAuthEmulator.ts): not one per file.
  globalSetup: 'service-kit/testing/authEmulatorGlobalSetup',
  globalTeardown: 'service-kit/testing/authEmulatorGlobalTeardown',
  projects: [
    project('shared-core', 'node'),
    project('shared-context', 'jsdom'),
    project('shared-ui', 'jsdom'),
    project('shared-auth', 'jsdom'),
    project('shared-articles', 'node'),
    project('shared-data', 'jsdom'),
    project('shared-releases', 'node'),
    project('shell', 'jsdom'),
    project('public-site', 'jsdom'),
    project('business-portal', 'jsdom'),
    project('admin-console', 'jsdom'),
    articleApi,
    releaseService,
    serviceKit,
    // web-server's modules are ES modules (import.meta.url): esbuild turns them into CommonJS for
    // Jest; tsc -b type-checks them.
    {
      ...project('web-server', 'node'),
      transform: { '^.+\\.(ts|mjs)$': '<rootDir>/../jest/esmToCommonJs.cjs' },
    },
    // Also the release tooling's tests (*.test.mjs): plain Node ESM, imported as it runs, which
    // needs `node --experimental-vm-modules` (npm test and npm run test:unit pass it).
    {
      ...project('scripts', 'node'),
      testMatch: [...project('scripts', 'node').testMatch!, '<rootDir>/test/**/*.test.mjs'],
    },
    // The tooling workspaces' tests (tooling/*/test): the webpack factory, the library overrides
    // and their guards, the benchmark's helpers.
    { ...project('tooling', 'node'), testMatch: ['<rootDir>/*/test/**/*.test.ts?(x)'] },
    articleApiOnPostgres,
    onPostgres(releaseService, ['config', 'healthWindow', 'manifestFetch', 'sequentialTest', 'vitalsTest']),
    loadTestsOf(articleApi, 'article-api-load'),
    loadTestsOf(articleApiOnPostgres, 'article-api-postgres-load'),
  ],
};

export default config;
