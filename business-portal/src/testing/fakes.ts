import type { ArticleClient, BusinessArticle } from 'shared-articles';
import type { UserProfile } from 'shared-auth';

export const sampleProfile: UserProfile = {
  uid: 'uid-123',
  email: 'taro@example.com',
  displayName: 'Taro Yamada',
  photoURL: null,
  emailVerified: true,
  createdAt: 'Fri, 30 May 2025 05:05:00 GMT',
  lastSignInTime: 'Sun, 10 Aug 2025 23:30:00 GMT',
};

const notUsed = () => Promise.reject(new Error('not used by this test'));

/** An article client whose every call fails unless the test provides it. */
export function fakeArticleClient(overrides: Partial<ArticleClient> = {}): ArticleClient {
  return {
    list: notUsed,
    get: notUsed,
    getBySlug: notUsed,
    create: notUsed,
    update: notUsed,
    remove: notUsed,
    listBusiness: notUsed,
    getBusinessBySlug: notUsed,
    listUsers: notUsed,
    getServerInfo: notUsed,
    ...overrides,
  };
}

export function businessArticle(
  fields: Partial<BusinessArticle> & Pick<BusinessArticle, 'id' | 'slug'>,
): BusinessArticle {
  return {
    businessId: 'biz001',
    title: `記事 ${fields.id}`,
    content: '<p>本文</p>',
    date: '2025-08-01',
    category: 'AI活用',
    tag: '',
    relatedArticles: [],
    articleType: 'guide',
    ...fields,
  };
}

/** Four articles whose titles, bodies, dates and categories make every filter and order distinct. */
export const sampleArticles: BusinessArticle[] = [
  businessArticle({
    id: 'biz001',
    slug: 'seminar',
    title: '事業者向け：生成AI導入セミナー',
    content: '<p>中小企業のための<strong>ChatGPT</strong>活用入門です。</p>',
    date: '2025-08-01',
    category: 'AI活用',
    image: 'https://images.example.com/seminar.jpg',
    url: 'https://example.com/seminar',
    relatedArticles: ['biz003'],
  }),
  businessArticle({
    id: 'biz002',
    slug: 'sns-workshop',
    title: '事業者向け：SNS集客ワークショップ',
    content: '<p>インスタグラムの投稿を作ります。</p>',
    date: '2025-08-03',
    category: 'マーケティング',
  }),
  businessArticle({
    id: 'biz003',
    slug: 'accounting-guide',
    title: '事業者向け：経理のAI活用ガイド',
    content: '<p>請求書の処理を効率化します。</p>',
    date: '2025-08-10',
    category: '会計・経理',
    image: 'https://images.example.com/accounting.jpg',
  }),
  businessArticle({
    id: 'biz004',
    slug: 'data-analysis',
    title: 'A: データ分析入門',
    content: '<p>売上データを読み解きます。</p>',
    date: '2025-08-05',
    category: 'AI活用',
  }),
];
