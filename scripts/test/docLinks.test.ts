import fs from 'node:fs';
import path from 'node:path';

/**
 * Every relative link of the README and docs/ leads to a file of the repository, so a page that
 * moves or is renamed cannot leave a dead link behind (external links are not followed here).
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const docs = [
  'README.md',
  ...fs
    .readdirSync(path.join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];

/** `[text](target)` outside code blocks and inline code; the target without its #anchor. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.split('#')[0]!);
}

describe('links between the docs', () => {
  it('finds the docs and their links', () => {
    expect(docs).toContain(path.join('docs', 'deployment.md'));
    expect(relativeLinks('[a](docs/x.md#part) [b](https://example.com) [c](#here) `[d](e.md)`')).toEqual(['docs/x.md']);
  });

  it.each(docs)('every relative link of %s leads to a file', (doc) => {
    const dir = path.dirname(path.join(repoRoot, doc));
    const dead = relativeLinks(fs.readFileSync(path.join(repoRoot, doc), 'utf8')).filter(
      (target) => !fs.existsSync(path.resolve(dir, decodeURIComponent(target))),
    );
    expect(dead).toEqual([]);
  });
});
