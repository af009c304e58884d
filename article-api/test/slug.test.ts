import { slugFromTitle } from '../src/slug';

describe('slugFromTitle', () => {
  it.each([
    ['ChatGPT Tips 2025', 'chatgpt-tips-2025'],
    ['  Hello,   World!  ', 'hello-world'],
    ['ＡＩ Ｎｅｗｓ ２０２５', 'ai-news-2025'],
    ['Café Prompt Guide', 'cafe-prompt-guide'],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('gives null for Japanese titles, even with a few ASCII fragments', () => {
    expect(slugFromTitle('生成AIってなに？')).toBeNull();
    expect(slugFromTitle('ChatGPTの始め方：登録から最初の質問まで10分で')).toBeNull();
    expect(slugFromTitle('！？')).toBeNull();
  });

  it('stays within 80 characters without a trailing dash', () => {
    const slug = slugFromTitle(`${'word '.repeat(30)}end`);
    expect(slug!.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
