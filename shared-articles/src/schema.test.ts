import type { z } from 'zod';
import { ARTICLE_LIMITS, articleInputSchema, fieldErrors, validateArticleInput } from './schema';
import type { ArticleInput } from './types';

// Compile-time guard: every ArticleInput is acceptable schema input (schema.ts checks the other direction).
const asSchemaInput = (input: ArticleInput): z.input<typeof articleInputSchema> => input;

const valid: ArticleInput = {
  title: '生成AI入門',
  content: '<p>本文です。</p>',
  category: '生成AI初心者',
  date: '2025-05-30',
};

function errorsFor(input: unknown): Record<string, string> {
  const result = validateArticleInput(input);
  if (result.success) throw new Error('expected a validation failure');
  return result.fieldErrors;
}

describe('articleInputSchema: accepted input', () => {
  it('accepts the four required fields and applies defaults', () => {
    expect(articleInputSchema.parse(asSchemaInput(valid))).toEqual({
      ...valid,
      tag: '',
      image: undefined,
      url: undefined,
      noteUrl: undefined,
      slug: undefined,
      relatedArticles: [],
      articleType: 'note',
    });
  });

  it('trims text, normalises tags, dedupes related ids and treats empty links as absent', () => {
    const parsed = articleInputSchema.parse({
      ...valid,
      title: '  タイトル  ',
      tag: ' AI, 副業、,SNS ',
      image: '',
      url: null,
      noteUrl: ' https://note.com/ai_manabi/n/abc ',
      slug: 'my-article-1',
      relatedArticles: [3, 1, 3],
      articleType: 'youtube',
    });
    expect(parsed).toMatchObject({
      title: 'タイトル',
      tag: 'AI,副業,SNS',
      image: undefined,
      url: undefined,
      noteUrl: 'https://note.com/ai_manabi/n/abc',
      slug: 'my-article-1',
      relatedArticles: [3, 1],
      articleType: 'youtube',
    });
  });

  it('counts the title in characters, not UTF-16 units', () => {
    expect(validateArticleInput({ ...valid, title: '😀'.repeat(200) }).success).toBe(true);
  });

  it('measures content in UTF-8 bytes: 200 KB of Japanese is fewer characters than 200 KB of ASCII', () => {
    const limit = ARTICLE_LIMITS.contentMaxBytes;
    expect(validateArticleInput({ ...valid, content: 'a'.repeat(limit) }).success).toBe(true);
    expect(validateArticleInput({ ...valid, content: 'あ'.repeat(Math.floor(limit / 3)) }).success).toBe(true);
    expect(errorsFor({ ...valid, content: 'あ'.repeat(Math.floor(limit / 3) + 1) })).toEqual({
      content: '本文は200KB以内で入力してください。',
    });
  });
});

describe('articleInputSchema: rejected input, one message per field', () => {
  it.each([
    ['title', { title: undefined }, 'タイトルを入力してください。'],
    ['title', { title: '   ' }, 'タイトルを入力してください。'],
    ['title', { title: 42 }, 'タイトルを入力してください。'],
    ['title', { title: 'あ'.repeat(201) }, 'タイトルは200文字以内で入力してください。'],
    ['category', { category: '' }, 'カテゴリーを入力してください。'],
    ['category', { category: 'カ'.repeat(51) }, 'カテゴリーは50文字以内で入力してください。'],
    ['date', { date: '2025-02-30' }, '日付はYYYY-MM-DD形式の正しい日付で入力してください。'],
    ['date', { date: '2025/05/30' }, '日付はYYYY-MM-DD形式の正しい日付で入力してください。'],
    ['date', { date: undefined }, '日付はYYYY-MM-DD形式の正しい日付で入力してください。'],
    ['content', { content: '' }, '本文を入力してください。'],
    ['content', { content: ' \n ' }, '本文を入力してください。'],
    ['tag', { tag: 't'.repeat(201) }, 'タグは200文字以内の文字列で入力してください。'],
    [
      'image',
      { image: 'javascript:alert(1)' },
      '画像URLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。',
    ],
    [
      'url',
      { url: 'ftp://example.com/a' },
      '参照URLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。',
    ],
    [
      'noteUrl',
      { noteUrl: `https://note.com/${'a'.repeat(2048)}` },
      'note記事のURLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。',
    ],
    [
      'slug',
      { slug: 'Has-Upper' },
      'スラッグは半角英小文字・数字・ハイフンの100文字以内で、英数字から始めてください。',
    ],
    [
      'slug',
      { slug: '-leading-dash' },
      'スラッグは半角英小文字・数字・ハイフンの100文字以内で、英数字から始めてください。',
    ],
    [
      'slug',
      { slug: 'a'.repeat(101) },
      'スラッグは半角英小文字・数字・ハイフンの100文字以内で、英数字から始めてください。',
    ],
    ['slug', { slug: '日本語' }, 'スラッグは半角英小文字・数字・ハイフンの100文字以内で、英数字から始めてください。'],
    ['relatedArticles', { relatedArticles: [1.5] }, '関連記事は記事ID（正の整数）の一覧で指定してください。'],
    ['relatedArticles', { relatedArticles: [0] }, '関連記事は記事ID（正の整数）の一覧で指定してください。'],
    ['relatedArticles', { relatedArticles: '1,2' }, '関連記事は記事ID（正の整数）の一覧で指定してください。'],
    ['relatedArticles', { relatedArticles: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12] }, '関連記事は10件まで指定できます。'],
    [
      'articleType',
      { articleType: 'video' },
      '記事タイプは note, youtube, seminar, workshop, guide のいずれかを指定してください。',
    ],
  ])('%s: %j', (field, override, message) => {
    expect(errorsFor({ ...valid, ...override })).toEqual({ [field]: message });
  });

  it('rejects unknown fields, naming each one', () => {
    expect(errorsFor({ ...valid, id: 5, isAdmin: true })).toEqual({
      id: 'この項目は受け付けていません。',
      isAdmin: 'この項目は受け付けていません。',
    });
  });

  it('rejects a body that is not an object with a form-level message', () => {
    const result = validateArticleInput(['not', 'an', 'object']);
    expect(result).toEqual({
      success: false,
      message: '記事データをJSONオブジェクトで送信してください。',
      fieldErrors: {},
    });
  });

  it('reports every invalid field, and the first message as the summary', () => {
    const result = validateArticleInput({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['category', 'content', 'date', 'title']);
    expect(result.message).toBe('タイトルを入力してください。');
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of a field', () => {
    const parsed = articleInputSchema.safeParse({ ...valid, relatedArticles: [0, -1] });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({
      relatedArticles: '関連記事は記事ID（正の整数）の一覧で指定してください。',
    });
  });
});
