// Each guard fails, saying what is gone, when a library lacks what its override relies on: the
// guards are pointed at doctored copies (a module without the method, a moved file, a version
// outside the range).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Problems = (options?: unknown) => string[];
/* eslint-disable @typescript-eslint/no-require-imports */
const styledComponents: { problems: Problems } = require('../styled-components/guard');
const federationRuntime: { problems: (dir?: string) => string[] } = require('../federation-runtime/guard');
const federationSdk: { problems: Problems } = require('../federation-sdk/guard');
const reactRouter: { problems: Problems } = require('../react-router/guard');
const spreadFirst: { problems: Problems } = require('../spread-first/guard');
const storageEmulator: { problems: Problems } = require('../firebase-storage-emulator/guard');
const { assertNoProblems } = require('../guard');
const { packageDir } = require('../installed');
const ts = require('typescript');
/* eslint-enable @typescript-eslint/no-require-imports */

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doctored-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A package folder of `files` (path → text) with that version. */
function fakePackage(name: string, version: string, files: Record<string, string> = {}) {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries({ 'package.json': JSON.stringify({ name, version }), ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the guards against doctored libraries', () => {
  it('styled-components: a private method gone, the browser build moved, a new major', () => {
    const dir = packageDir('styled-components');
    const noRegisterName = {
      __PRIVATE__: {
        StyleSheet: { registerId: () => 0 },
        mainSheet: { names: new Map(), options: { useCSSOMInjection: true }, getTag() {}, rehydrate() {} },
      },
    };
    expect(styledComponents.problems({ dir, lib: noRegisterName, doc: undefined })).toEqual([
      '__PRIVATE__.mainSheet.registerName() is gone',
    ]);
    expect(styledComponents.problems({ dir, lib: {}, doc: undefined })).toEqual(['the __PRIVATE__ export is gone']);
    expect(styledComponents.problems({ dir: fakePackage('styled-components', '7.0.0'), doc: undefined })).toEqual([
      'styled-components 7.0.0 is outside ^6.1.0, the versions this override was written and checked for',
      'dist/styled-components.browser.esm.js is gone (styledComponents.js imports it by that path)',
    ]);
  });

  it('federation runtime: the semver module inlined, or gone', () => {
    const inlined = fakePackage('runtime-core', '2.9.2', {
      'dist/index.js': 'function satisfy() {}\nexport { satisfy };\n',
      'dist/utils/semver/index.js': 'function satisfy() {}\nexport { satisfy };\n',
    });
    expect(federationRuntime.problems(inlined)).toEqual([
      'no module of dist/ imports "./utils/semver/index.js": the replacement would match nothing',
    ]);
    const gone = fakePackage('runtime-core-3', '3.0.0', { 'dist/index.js': '' });
    expect(federationRuntime.problems(gone)).toEqual([
      '@module-federation/runtime-core 3.0.0 is outside ^2.9.2, the versions this override was written and checked for',
      `${path.join('dist', 'utils/semver/index.js')} is gone: nothing to bundle the memo in place of`,
    ]);
  });

  it("federation SDK: the retry plugin importing what the runtime's SDK lacks", () => {
    const pluginDir = fakePackage('retry-plugin', '0.17.1', {
      'dist/esm/index.js': 'import { createLogger, somethingNew as x } from "@module-federation/sdk";\n',
    });
    expect(federationSdk.problems({ pluginDir })).toEqual([
      "it imports somethingNew from its SDK, which the runtime's SDK lacks",
    ]);
  });

  it('react-router: a re-exported name gone, react-router-dom of another release', () => {
    const real = packageDir('react-router');
    const version = JSON.parse(fs.readFileSync(path.join(real, 'package.json'), 'utf8')).version;
    // The real production build but for useRoutes.
    const dir = fakePackage('react-router', version, {
      'dist/production/index.mjs': '',
      'dist/production/index.js': `module.exports = { ...require(${JSON.stringify(path.join(real, 'dist/production/index.js'))}), useRoutes: undefined };`,
    });
    const domDir = fakePackage('react-router-dom', '7.0.0');
    expect(reactRouter.problems({ dir, domDir })).toEqual([
      `react-router-dom 7.0.0 and react-router ${version} differ: the shared react-router-dom would announce one version and serve the other`,
      'react-router no longer exports useRoutes (reactRouterDom.js re-exports them)',
    ]);
  });

  it("spread-first loader: TypeScript's parseDiagnostics gone", () => {
    const withoutDiagnostics = {
      ...ts,
      createSourceFile: (...args: unknown[]) =>
        Object.assign(ts.createSourceFile(...args), { parseDiagnostics: undefined }),
    };
    expect(spreadFirst.problems({ ts: withoutDiagnostics })).toEqual([
      "a source file's parseDiagnostics (private) no longer lists its syntax errors",
    ]);
  });

  it('firebase-tools: the rules runtime reshaped, the path-style GET judged by rules, a new major', () => {
    const real = packageDir('firebase-tools');
    const storage = 'lib/emulator/storage';
    const copy = (file: string, edit = (text: string) => text) => edit(fs.readFileSync(path.join(real, file), 'utf8'));
    const files = (edits: Record<string, (text: string) => string> = {}) =>
      Object.fromEntries(
        [
          `${storage}/index.js`,
          `${storage}/rules/runtime.js`,
          `${storage}/apis/gcloud.js`,
          'lib/emulator/registry.js',
        ].map((file) => [file, copy(file, edits[file])]),
      );
    expect(storageEmulator.problems({ dir: fakePackage('firebase-tools', '15.34.2', files()) })).toEqual([]);
    const reshaped = fakePackage(
      'firebase-tools-reshaped',
      '15.40.0',
      files({
        [`${storage}/rules/runtime.js`]: (text) => text.replace('async start(', 'async launch('),
        [`${storage}/apis/gcloud.js`]: (text) =>
          text.replace(/(get\("\/:bucketId\/:objectId\(\*\*\)"[\s\S]{0,200}?)adminStorageLayer/, '$1storageLayer'),
      }),
    );
    expect(storageEmulator.problems({ dir: reshaped })).toEqual([
      'StorageRulesRuntime has no async start(…) (the override replaces start and stop)',
      'apis/gcloud.js no longer serves GET /<bucket>/<object> through the administrator layer',
    ]);
    expect(storageEmulator.problems({ dir: fakePackage('firebase-tools-16', '16.0.0', files()) })).toEqual([
      'firebase-tools 16.0.0 is outside ^15.0.0, the versions this override was written and checked for',
    ]);
  });

  it('says which override, what is gone and where to read on', () => {
    const guard = { title: 'react-router: declarative facade', anchor: 'react-router-declarative-facade' };
    expect(() => assertNoProblems(guard, ['react-router no longer exports useRoutes'])).toThrow(
      'react-router: declarative facade: the installed library no longer has what this override relies on.\n' +
        '  - react-router no longer exports useRoutes\n' +
        'What to check and how: tooling/overrides/UPGRADING.md#react-router-declarative-facade',
    );
  });
});
