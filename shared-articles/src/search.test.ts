import { articleMatchesQuery, matchesQuery, normalizeForSearch } from './search';

describe('normalizeForSearch', () => {
  it('folds full-width letters and case: ＡＩ and ai are the same', () => {
    expect(normalizeForSearch('ＡＩ')).toBe('ai');
    expect(normalizeForSearch('ChatＧＰＴ')).toBe('chatgpt');
  });

  it('folds katakana (full- and half-width) to hiragana', () => {
    expect(normalizeForSearch('カタカナ')).toBe('かたかな');
    expect(normalizeForSearch('ｶﾀｶﾅ')).toBe('かたかな');
    expect(normalizeForSearch('プロンプト')).toBe('ぷろんぷと');
  });

  it('trims and collapses whitespace, including the ideographic space', () => {
    expect(normalizeForSearch('　生成AI　 入門 ')).toBe('生成ai 入門');
  });
});

describe('matchesQuery', () => {
  it('matches case-, width- and kana-insensitively as a substring', () => {
    expect(matchesQuery('ai', '生成ＡＩの基本')).toBe(true);
    expect(matchesQuery('ＣＨＡＴ', 'chatgptの始め方')).toBe(true);
    expect(matchesQuery('ぷろんぷと', 'プロンプトのコツ')).toBe(true);
  });

  it('matches when any field contains the query', () => {
    expect(matchesQuery('献立', 'タイトル', undefined, null, '冷蔵庫から献立を')).toBe(true);
    expect(matchesQuery('副業', 'タイトル', '本文')).toBe(false);
  });

  it('treats an empty or blank query as matching everything', () => {
    expect(matchesQuery('', 'anything')).toBe(true);
    expect(matchesQuery('   ')).toBe(true);
  });
});

describe('articleMatchesQuery', () => {
  const article = { title: 'Excel作業をAIに任せる', content: '<p>関数<strong>づくり</strong>からデータ整理まで</p>' };

  it('searches the title and the body text, not the markup', () => {
    expect(articleMatchesQuery(article, 'excel')).toBe(true);
    expect(articleMatchesQuery(article, 'データ整理')).toBe(true);
    expect(articleMatchesQuery(article, 'strong')).toBe(false);
  });
});
