/**
 * @jest-environment jsdom
 */
// Each override's guard against the libraries installed here (jsdom: the styled-components guard
// looks at the tag the adoption takes over on a page). An upgrade that takes away what an
// override relies on fails here, with the guard's message, before a build or a page meets it.
import fs from 'node:fs';
import path from 'node:path';

interface Guard {
  title: string;
  anchor: string;
  problems: () => string[];
}
// The overrides are CommonJS, without types.
/* eslint-disable @typescript-eslint/no-require-imports */
const guards: Guard[] = require('../guards');
const { assertNoProblems } = require('../guard');
/* eslint-enable @typescript-eslint/no-require-imports */

/** GitHub's anchor of a Markdown heading. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

describe.each(guards)('$title', (guard) => {
  it('finds in the installed library everything the override relies on', () => {
    expect(() => assertNoProblems(guard, guard.problems())).not.toThrow();
  });

  it('has its section in UPGRADING.md, where its message sends the reader', () => {
    const headings = fs
      .readFileSync(path.join(__dirname, '..', 'UPGRADING.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('## '))
      .map((line) => anchorOf(line.slice(3)));
    expect(headings).toContain(guard.anchor);
  });
});
