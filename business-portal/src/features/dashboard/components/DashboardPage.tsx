import styled from 'styled-components';
import type { BusinessArticle } from 'shared-articles';
import { useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { LoadingArticles } from '../../../components/LoadingText';
import { QueryError } from '../../../components/QueryError';
import { useBusinessArticles } from '../../../lib/businessArticles';
import { useArticleFilters } from '../hooks/useArticleFilters';
import { BusinessArticleGrid } from './BusinessArticleGrid';
import { DashboardToolbar } from './DashboardToolbar';

const Count = styled.p`
  margin: 0 0 16px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  padding: 48px 20px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /business/dashboard: the operator's service pages, filtered, searched and sorted. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <PageHeader title="Dashboard" lead="事業者ごとのサービスサイトを一覧でご覧いただけます。" />
      <DashboardContent />
    </>
  );
}

function DashboardContent() {
  const articles = useBusinessArticles();
  if (articles.isPending) return <LoadingArticles />;
  if (articles.isError) return <QueryError error={articles.error} onRetry={() => void articles.refetch()} />;
  if (articles.data.length === 0) return <Empty>まだ記事がありません。</Empty>;
  return <FilteredArticles articles={articles.data} />;
}

function FilteredArticles({ articles }: { articles: BusinessArticle[] }) {
  const { filters, categories, visible, setCategory, setQuery, setSort } = useArticleFilters(articles);
  return (
    <>
      <DashboardToolbar
        categories={categories}
        filters={filters}
        onCategory={setCategory}
        onQuery={setQuery}
        onSort={setSort}
      />
      <Count role="status">{visible.length}件の記事</Count>
      {visible.length > 0 ? (
        <BusinessArticleGrid articles={visible} />
      ) : (
        <Empty>条件に一致する記事が見つかりませんでした。</Empty>
      )}
    </>
  );
}
