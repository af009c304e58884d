import styled from 'styled-components';
import { distinctCategories, formatJapaneseDate, type Article } from 'shared-articles';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px;
  margin: 0 0 24px;
`;

const Figure = styled.div`
  padding: 16px 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};

  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.4rem;
    font-weight: 800;
  }
`;

/** The dashboard's figures, all derived from the list it shows below them. */
export function ArticleOverview({ articles }: { articles: readonly Article[] }) {
  const newest = articles.reduce<string | null>(
    (latest, a) => (latest === null || a.date > latest ? a.date : latest),
    null,
  );
  return (
    <Figures>
      <Figure>
        <dt>記事数</dt>
        <dd>{articles.length}件</dd>
      </Figure>
      <Figure>
        <dt>カテゴリー数</dt>
        <dd>{distinctCategories(articles).length}</dd>
      </Figure>
      <Figure>
        <dt>最新の公開日</dt>
        <dd>{newest ? formatJapaneseDate(newest) : '—'}</dd>
      </Figure>
    </Figures>
  );
}
