import { youtubeThumbnail } from 'shared-articles';
import { relatedCards } from './relatedCards';
import { makeArticle } from 'shared-articles/testing';

describe('relatedCards', () => {
  const video = makeArticle({
    id: 2,
    slug: 'video',
    date: '2025-03-01',
    articleType: 'youtube',
    content: '<iframe src="https://www.youtube.com/embed/Qm7xK2pLd9A"></iframe><p>長い本文</p>',
  });
  const pictured = makeArticle({ id: 3, slug: 'pictured', date: '2025-02-01', image: 'https://example.com/a.webp' });
  const subject = makeArticle({ id: 1, slug: 'subject', relatedArticles: [2, 3] });

  it('gives the related articles in the shared order, without their bodies', () => {
    const cards = relatedCards(subject, [subject, pictured, video]);
    expect(cards.map((card) => card.slug)).toEqual(['video', 'pictured']);
    expect(cards.some((card) => 'content' in card)).toBe(false);
  });

  it("keeps an article's image, and resolves a video's thumbnail from its body", () => {
    const [videoCard, picturedCard] = relatedCards(subject, [video, pictured]);
    expect(videoCard?.image).toBe(youtubeThumbnail('Qm7xK2pLd9A'));
    expect(picturedCard?.image).toBe('https://example.com/a.webp');
  });

  it('leaves `image` out when there is none (the JSON the server sends renders alike)', () => {
    const plain = makeArticle({ id: 4, slug: 'plain' });
    const [card] = relatedCards(makeArticle({ id: 5, relatedArticles: [4] }), [plain]);
    expect(card).toEqual({
      id: 4,
      slug: 'plain',
      title: plain.title,
      category: plain.category,
      date: plain.date,
      articleType: 'note',
    });
  });
});
