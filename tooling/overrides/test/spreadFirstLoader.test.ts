import { execFileSync } from 'node:child_process';
// The webpack loaders are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prototypeFirst }: { prototypeFirst: (code: string) => string } = require('../spread-first/spreadFirstLoader');

const PROTO = '__proto__: Object.prototype, ';

/** What `expression` evaluates to, as module code would compute it. */
const evaluate = (code: string, scope: Record<string, unknown> = {}) =>
  new Function(...Object.keys(scope), `return (${code});`)(...Object.values(scope)) as Record<string, unknown>;

describe('spreadFirstLoader (server builds: spread-first object literals share hidden classes)', () => {
  it('puts the prototype first in a literal that starts with a spread and goes on', () => {
    expect(prototypeFirst('const props = { ...rest, href, onClick: () => go(to) };')).toBe(
      `const props = { ${PROTO}...rest, href, onClick: () => go(to) };`,
    );
    expect(prototypeFirst('f({ ...a, ...b });')).toBe(`f({ ${PROTO}...a, ...b });`);
    // Nested literals each get theirs.
    expect(prototypeFirst('x = { ...a, inner: { ...b, c: 1 } };')).toBe(
      `x = { ${PROTO}...a, inner: { ${PROTO}...b, c: 1 } };`,
    );
  });

  it.each([
    ['a copy alone (V8 clones those quickly)', 'const copy = { ...source };'],
    ['a literal whose first property is not a spread', 'const o = { id, ...rest };'],
    ['destructuring with a rest', 'const { onClick, ...rest } = props; ({ a, ...others } = props);'],
    ['a literal that sets __proto__ itself', 'const o = { ...a, __proto__: null };'],
    ['a module with an Object of its own', 'var Object = lib; const o = { ...a, b };'],
    ['code without a spread', 'const o = { a: 1 };'],
    ['code that does not parse', 'const o = { ...a, b ;'],
  ])('leaves alone %s', (_name, code) => {
    expect(prototypeFirst(code)).toBe(code);
  });

  it('builds the same objects: keys, order, values, prototype, getters and own __proto__ keys', () => {
    const scope = {
      rest: { className: 'card', children: ['本文'] },
      json: JSON.parse('{"__proto__": {"polluted": true}, "title": "記事"}'),
      withGetter: {
        get late() {
          return 'read at spread time';
        },
      },
    };
    for (const code of [
      '{ ...rest, href: "/articles", className: "override" }',
      '{ ...json, extra: 1 }',
      '{ ...withGetter, ...rest, late: undefined }',
      '{ ...null, ...undefined, a: 1 }',
    ]) {
      const before = evaluate(code, scope);
      const after = evaluate(prototypeFirst(code), scope);
      expect(Object.getOwnPropertyNames(after)).toEqual(Object.getOwnPropertyNames(before));
      expect(Object.getOwnPropertyDescriptors(after)).toEqual(Object.getOwnPropertyDescriptors(before));
      expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
    }
    // The JSON's "__proto__" stays an own key: nothing polluted.
    expect(evaluate(prototypeFirst('{ ...json, extra: 1 }'), scope).polluted).toBeUndefined();
  });

  it('gives the objects a literal builds one hidden class between them (V8, measured in Node)', () => {
    const literal = prototypeFirst('({ ...props, href: "/a" + i, payload: { i } })');
    const script = `
      const props = { className: 'card', to: '/articles' };
      const built = [];
      for (let i = 0; i < 200; i++) built.push(${literal});
      let shared = 0;
      for (let i = 1; i < built.length; i++) if (%HaveSameMap(built[i], built[i - 1])) shared++;
      console.log(shared);`;
    const shared = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' });
    expect(Number(shared)).toBe(199);
  });
});
