/**
 * Text from manifests and from the service reaches the operator's terminal without its controls:
 * a manifest whose names hold `ESC[2J` (clear the screen), an OSC title or a forged line, released
 * and refused through the real CLI, then listed by `npm run releases` (cli/terminalText.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { printable, terminal, terminalLines } from '../src/cli/terminalText';
import { type ReleaseWorld, startReleaseWorld } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const CLEAR = '\u001b[2J\u001b[H';
const TITLE = '\u001b]0;pwned\u0007';
const FORGED = '\r\n✔ forged';
/** Every control a terminal acts on but a line break the CLI prints itself. */
// eslint-disable-next-line no-control-regex -- the test looks for the control characters
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('printable', () => {
  it.each([
    ['a CSI sequence', `a${CLEAR}b`, 'ab'],
    ['an OSC title ended by BEL, and one ended by ST', `a${TITLE}b\u001b]2;x\u001b\\c`, 'abc'],
    ['a C1 CSI', 'a\u009b31mb', 'ab'],
    ['a lone ESC, BEL, NUL and DEL', 'a\u001b\u0007\u0000\u007fb', 'ab'],
    ['a bidi override', 'a\u202eb', 'ab'],
    ['line breaks and tabs (one line)', 'a\r\nb\tc', 'a  b c'],
    ['Japanese and symbols as they are', '本番 production ✔ — 10 %', '本番 production ✔ — 10 %'],
  ])('removes %s', (_what, input, output) => {
    expect(printable(input)).toBe(output);
  });

  it('the terminal tag keeps its own line breaks, not those of the values; terminalLines keeps each line', () => {
    const name = `evil${FORGED}`;
    expect(terminal`  ${name}\n  ${terminal`${CLEAR}x`}`.text).toBe('  evil  ✔ forged\n  x');
    expect(terminalLines(`a${CLEAR}\nb${TITLE}`).text).toBe('a\nb');
  });
});

describe('the CLI', () => {
  let world: ReleaseWorld;
  beforeAll(async () => {
    // Short waits between the CLI's tries (the unreadable manifest's 502 is retried).
    world = await startReleaseWorld({}, { RELEASE_RETRY_DELAY_MS: '20' });
  });
  afterAll(() => world.close());

  /** A built admin-console folder with this manifest (raw text, so it may be invalid JSON). */
  function folderWith(name: string, manifest: string): string {
    const dir = path.join(world.tmp, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest);
    return dir;
  }
  const manifest = (name: string, sharedName: string, requiredVersion = '^19.0.0', singleton = true) =>
    JSON.stringify({
      name,
      exposes: [{ name: 'routes', path: './routes' }],
      shared: [
        { name: 'react', version: '19.2.0', singleton: true, requiredVersion: '^19.0.0' },
        { name: sharedName, version: '1.0.0', singleton, requiredVersion },
      ],
    });
  const expectClean = (text: string, visible: string) => {
    expect(text).toContain(visible);
    expect(text).not.toMatch(CONTROL);
  };

  it('prints the gate’s notes of a release (they quote the manifest) without their controls', async () => {
    const evil = `lodash${CLEAR}${TITLE}${FORGED}`;
    const { code, out, err } = await world.cli('release', [
      'admin-console',
      '--version',
      'e1',
      '--from',
      folderWith('e1', manifest('admin_console', evil, '^1.0.0', false)),
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expectClean(out, '  lodash  ✔ forged: ^1.0.0 はシェルの (なし) では満たせないため');
    // The forged line is no line of its own: only the CLI's own ✔ starts one.
    expect(out.split('\n').filter((line) => line.startsWith('✔'))).toHaveLength(1);
  });

  it('prints a refusal quoting the manifest’s name, and the end of an unreadable manifest’s tries, without controls', async () => {
    const refused = await world.cli('release', [
      'admin-console',
      '--version',
      'e2',
      '--from',
      folderWith('e2', manifest(`admin_console${CLEAR}`, 'react-dom')),
    ]);
    expect(refused.code).toBe(1);
    expectClean(refused.err, '  - マニフェストの名前が admin_console です');

    // Not JSON: the service's sentence quotes JSON.parse's message, which quotes the text. An
    // unreadable manifest is the service's 502 (the store may be down): no outcome is stored, so
    // the CLI tries again and ends saying it does not know; the sentence is in the audit log
    // (the next test lists it).
    const unreadable = await world.cli('release', [
      'admin-console',
      '--version',
      'e3',
      '--from',
      folderWith('e3', `${CLEAR}${TITLE}`),
    ]);
    expect(unreadable.code).toBe(1);
    expectClean(unreadable.err, 'の結果を得られませんでした');
  });

  it('lists the audit log (the refusals’ messages and problems) without controls', async () => {
    const listing = await world.cli('releases', ['--remote', 'admin-console']);
    expect(listing.code).toBe(0);
    expectClean(listing.out, 'ゲート: マニフェストの名前が admin_console です');
    expectClean(listing.out, 'JSON のマニフェストではありません');
  });
});
