import { contentItems, contentSlug, findContentBySlug } from './contents';

describe('contents entry', () => {
  it('derives the slug from the url', () => {
    expect(contentSlug({ url: '/contents/ai-basics' })).toBe('ai-basics');
  });

  it('finds every item by its slug, and nothing for an unknown one', () => {
    contentItems.forEach((item) => expect(findContentBySlug(contentSlug(item))).toBe(item));
    expect(findContentBySlug('unknown')).toBeUndefined();
  });
});
