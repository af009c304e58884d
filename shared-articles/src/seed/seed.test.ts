import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { isValidIsoDate } from '../dates';
import { sanitizeArticleHtml } from '../sanitizePolicy';
import { articleInputSchema, SLUG_PATTERN } from '../schema';
import { stripHtml } from '../text';
import { youtubeIdFromContent } from '../thumbnails';
import { CONTENT_CATEGORIES } from '../types';
import { contentItems, seedArticles, seedBusinessArticles } from './index';

const PUBLIC_CATEGORIES = ['生成AI初心者', '日常生活', 'AI副業', 'AI活用', 'AIニュース'];
const paragraphs = (html: string) => html.match(/<p>/g)?.length ?? 0;

describe('seed articles', () => {
  it('has 21 articles with ids 1–6 and 8–22, id 7 absent', () => {
    const ids = seedArticles.map((article) => article.id).sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
  });

  it('has unique URL-safe slugs, distinct valid 2025 dates and unique titles', () => {
    const slugs = seedArticles.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    slugs.forEach((slug) => expect(slug).toMatch(SLUG_PATTERN));
    const dates = seedArticles.map((article) => article.date);
    expect(new Set(dates).size).toBe(dates.length);
    dates.forEach((date) => expect(isValidIsoDate(date) && date.startsWith('2025-')).toBe(true));
    expect(new Set(seedArticles.map((article) => article.title)).size).toBe(seedArticles.length);
  });

  it('uses every public category, and both note and youtube articles', () => {
    expect(new Set(seedArticles.map((article) => article.category))).toEqual(new Set(PUBLIC_CATEGORIES));
    expect(new Set(seedArticles.map((article) => article.articleType))).toEqual(new Set(['note', 'youtube']));
  });

  it('relates only to existing other articles, with some lists empty', () => {
    const ids = new Set(seedArticles.map((article) => article.id));
    for (const article of seedArticles) {
      article.relatedArticles.forEach((id) => {
        expect(ids.has(id)).toBe(true);
        expect(id).not.toBe(article.id);
      });
    }
    expect(seedArticles.some((article) => article.relatedArticles.length === 0)).toBe(true);
  });

  it('gives every note article a note.com link', () => {
    seedArticles
      .filter((article) => article.articleType === 'note')
      .forEach((article) => expect(article.noteUrl).toMatch(/^https:\/\/note\.com\/ai_manabi\/n\/n[0-9a-f]{12}$/));
  });

  it('starts at least 4 youtube articles with an embed; some have no image and one image is webp', () => {
    const videos = seedArticles.filter((article) => article.articleType === 'youtube');
    expect(videos.length).toBeGreaterThanOrEqual(4);
    videos.forEach((video) => {
      expect(video.content.startsWith('<iframe')).toBe(true);
      expect(youtubeIdFromContent(video.content)).toMatch(/^[A-Za-z0-9_-]{11}$/);
    });
    expect(videos.filter((video) => video.image === undefined).length).toBeGreaterThanOrEqual(2);
    expect(seedArticles.some((article) => /\.webp(\?|$)/.test(article.image ?? ''))).toBe(true);
  });

  it('covers the spec tag topics', () => {
    const tags = new Set(seedArticles.flatMap((article) => article.tag.split(',')));
    [
      'リスキリング',
      'AI基礎',
      '暮らし',
      '副業',
      'フリーランス',
      '業務効率化',
      'マーケティング',
      'SNS',
      'コピーライティング',
      '最新AI',
    ].forEach((tag) => expect(tags.has(tag)).toBe(true));
  });

  it('has several real paragraphs per article', () => {
    seedArticles.forEach((article) => {
      expect(paragraphs(article.content)).toBeGreaterThanOrEqual(3);
      expect(Array.from(stripHtml(article.content)).length).toBeGreaterThan(400);
    });
  });

  it('passes the API schema and survives the sanitiser with its embeds intact', () => {
    const purify = createDOMPurify(new JSDOM('').window);
    for (const { id, businessId, ...input } of seedArticles) {
      expect({ id, businessId, valid: articleInputSchema.safeParse(input).success }).toEqual({
        id,
        businessId,
        valid: true,
      });
      const sanitized = sanitizeArticleHtml(purify, input.content);
      expect(youtubeIdFromContent(sanitized)).toBe(youtubeIdFromContent(input.content));
      expect(stripHtml(sanitized)).toBe(stripHtml(input.content));
    }
  });
});

describe('seed business articles', () => {
  it('has biz001–biz005 of business biz001, titled 事業者向け：', () => {
    expect(seedBusinessArticles.map((article) => article.id)).toEqual([
      'biz001',
      'biz002',
      'biz003',
      'biz004',
      'biz005',
    ]);
    seedBusinessArticles.forEach((article) => {
      expect(article.businessId).toBe('biz001');
      expect(article.title.startsWith('事業者向け：')).toBe(true);
      expect(article.url).toMatch(/^https:\/\//);
      expect(paragraphs(article.content)).toBeGreaterThanOrEqual(3);
    });
  });

  it('spans 2025-08-01 to 2025-08-10 with the spec categories and types', () => {
    const dates = seedBusinessArticles.map((article) => article.date).sort();
    expect(dates[0]).toBe('2025-08-01');
    expect(dates[dates.length - 1]).toBe('2025-08-10');
    expect(seedBusinessArticles.map((article) => article.category)).toEqual([
      'AI活用',
      'マーケティング',
      '会計・経理',
      '働き方改革',
      'データ分析',
    ]);
    seedBusinessArticles.forEach((article) => expect(['seminar', 'workshop', 'guide']).toContain(article.articleType));
  });

  it('has unique slugs and related ids that exist', () => {
    const ids = new Set(seedBusinessArticles.map((article) => article.id));
    expect(new Set(seedBusinessArticles.map((article) => article.slug)).size).toBe(5);
    seedBusinessArticles.forEach((article) => article.relatedArticles.forEach((id) => expect(ids.has(id)).toBe(true)));
  });
});

describe('contents items', () => {
  it('has the nine spec urls', () => {
    expect(contentItems.map((item) => item.url)).toEqual([
      '/contents/ai-basics',
      '/contents/business-ai',
      '/contents/prompt-engineering',
      '/contents/chatgpt-basics',
      '/contents/ai-image-generation',
      '/contents/ai-history',
      '/contents/ai-copyright',
      '/contents/ai-ethics',
      '/contents/line-bot',
    ]);
  });

  it('uses every contents category, dotted dates and unique ids', () => {
    expect(new Set(contentItems.map((item) => item.category))).toEqual(new Set(CONTENT_CATEGORIES));
    contentItems.forEach((item) => expect(isValidIsoDate(item.date.replaceAll('.', '-'))).toBe(true));
    expect(new Set(contentItems.map((item) => item.id)).size).toBe(9);
  });

  it('gives each item a description and a multi-paragraph body', () => {
    contentItems.forEach((item) => {
      expect(item.description.length).toBeGreaterThan(20);
      expect(paragraphs(item.body)).toBeGreaterThanOrEqual(3);
    });
  });
});
