import { sendOnce } from 'service-kit/testing';
import { asAdmin, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';

const server = useTestApp();
const { send } = server;

const post = (payload: object | string, headers: Record<string, string> = {}) =>
  send({ method: 'POST', url: '/api/articles', headers: { ...asAdmin, ...headers }, payload });

describe('each validation rule answers 400 with the field message', () => {
  it.each([
    ['title', { title: '' }, 'タイトルを入力してください。'],
    ['title', { title: 'あ'.repeat(201) }, 'タイトルは200文字以内で入力してください。'],
    ['category', { category: undefined }, 'カテゴリーを入力してください。'],
    ['category', { category: 'c'.repeat(51) }, 'カテゴリーは50文字以内で入力してください。'],
    ['date', { date: '2025-02-30' }, '日付はYYYY-MM-DD形式の正しい日付で入力してください。'],
    ['date', { date: '30/05/2025' }, '日付はYYYY-MM-DD形式の正しい日付で入力してください。'],
    ['content', { content: '' }, '本文を入力してください。'],
    ['tag', { tag: 'x'.repeat(201) }, 'タグは200文字以内の文字列で入力してください。'],
    ['image', { image: 'not a url' }, '画像URLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。'],
    [
      'url',
      { url: 'javascript:alert(1)' },
      '参照URLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。',
    ],
    [
      'noteUrl',
      { noteUrl: 'mailto:a@example.com' },
      'note記事のURLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。',
    ],
    ['slug', { slug: 'Bad Slug' }, 'スラッグは半角英小文字・数字・ハイフンの100文字以内で、英数字から始めてください。'],
    ['relatedArticles', { relatedArticles: ['1'] }, '関連記事は記事ID（正の整数）の一覧で指定してください。'],
    [
      'relatedArticles',
      { relatedArticles: Array.from({ length: 11 }, (_, i) => i + 1) },
      '関連記事は10件まで指定できます。',
    ],
    [
      'articleType',
      { articleType: 'podcast' },
      '記事タイプは note, youtube, seminar, workshop, guide のいずれかを指定してください。',
    ],
  ])('%s %j', async (field, override, message) => {
    const response = await post({ ...validInput, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message } });
  });

  it('rejects unknown fields, such as a client-chosen id', async () => {
    const response = await post({ ...validInput, id: 999, views: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'この項目は受け付けていません。',
      fields: { id: 'この項目は受け付けていません。', views: 'この項目は受け付けていません。' },
    });
  });

  it('lists every invalid field at once', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual([
      'category',
      'content',
      'date',
      'title',
    ]);
  });

  it('rejects a JSON body that is not an object', async () => {
    const response = await post([validInput]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: '記事データをJSONオブジェクトで送信してください。' });
  });
});

describe('malformed requests', () => {
  it('answers 400 for JSON that does not parse', async () => {
    const response = await post('{"title": ', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'JSONの形式が正しくありません。' });
  });

  it('answers 400 for bytes that are not UTF-8, instead of storing U+FFFD in their place', async () => {
    const [before, after] = JSON.stringify({ ...validInput, title: 'MARK' }).split('MARK');
    const body = Buffer.concat([Buffer.from(`${before}前`), Buffer.from([0xff]), Buffer.from(`後${after}`)]);
    const response = await sendOnce(server.port, {
      method: 'POST',
      path: '/api/articles',
      headers: { ...asAdmin, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: '送信データの文字コードが正しくありません。UTF-8で送信してください。',
    });
  });

  it.each([
    ['an unpaired surrogate in the title', { title: 'AI\uD800の基本' }, 'title'],
    ['an unpaired surrogate in the content', { content: '<p>\uDC00</p>' }, 'content'],
    ['NUL in the category', { category: 'AI\u0000活用' }, 'category'],
    ['an ANSI escape in the tag', { tag: 'AI,\u001B[31m' }, 'tag'],
  ])('answers 400 for %s', async (_case, override, field) => {
    const response = await post({ ...validInput, ...override });
    const message = '使用できない文字（制御文字や不正な文字コード）が含まれています。';
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message } });
  });

  it('keeps emoji, combining marks, zero-width and bidi characters as sent', async () => {
    const title = 'AI😀👨‍👩‍👧 cafe\u0301 \u200B\u202Eテスト';
    const response = await post({ ...validInput, title, content: '<p>一行目\n\t二行目</p>' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title, content: '<p>一行目\n\t二行目</p>' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await post('title=x', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'データはJSON形式（Content-Type: application/json）で送信してください。',
    });
  });

  it('answers 413 for a body over the 256 KB limit, before validating it', async () => {
    const response = await post({ ...validInput, content: `<p>${'a'.repeat(300 * 1024)}</p>` });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: '送信データが大きすぎます。' });
  });

  it('answers 400 (not 413) for content over 200 KB that fits the body limit', async () => {
    const response = await post({ ...validInput, content: 'あ'.repeat(70_000) }); // 210 KB of UTF-8
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: '本文は200KB以内で入力してください。',
      fields: { content: '本文は200KB以内で入力してください。' },
    });
  });
});
