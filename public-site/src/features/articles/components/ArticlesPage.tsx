import { memo } from 'react';
import styled from 'styled-components';
import { Banner, CardGrid, Container, Spinner, useDocumentTitle } from 'shared-ui';
import { ActionButton } from '../../../components/ActionButton';
import { EXCERPT_LENGTH, type Article } from 'shared-articles';
import { PageHeader, CategoryFilter, SearchBox } from 'shared-ui/page';
import { ArticleTeaser } from '../../../components/ArticleTeaser';
import { useArticles } from '../../../lib/articles/queries';
import { useArticleFilter } from '../hooks/useArticleFilter';

const Toolbar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-bottom: 32px;
`;

const Count = styled.p`
  margin: 0 0 16px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 48px 20px;
  text-align: center;
`;

const Page = styled(Container)`
  padding-bottom: 80px;
`;

/** /articles: every article, newest first, filtered by category and search. */
export function ArticlesPage() {
  useDocumentTitle('Articles');
  const { data: articles, isPending, isError, error, refetch } = useArticles();
  return (
    <Page>
      <PageHeader size="large" title="Articles" lead="生成AIに関する最新の記事をお届けします。" />
      {isPending ? (
        <Spinner label="記事を読み込んでいます..." />
      ) : isError ? (
        <Empty>
          <Banner tone="error">{error.message}</Banner>
          <ActionButton type="button" onClick={() => void refetch()}>
            再読み込み
          </ActionButton>
        </Empty>
      ) : (
        <FilteredArticles articles={articles} />
      )}
    </Page>
  );
}

/** Memoised: the page renders again when it goes live, with the same list (nothing to redo). */
const FilteredArticles = memo(function FilteredArticles({ articles }: { articles: Article[] }) {
  const { categories, category, setCategory, query, setQuery, visible, reset } = useArticleFilter(articles);
  return (
    <>
      <Toolbar>
        <CategoryFilter categories={categories} selected={category} onSelect={setCategory} label="記事タグ" />
        <SearchBox value={query} onChange={setQuery} placeholder="記事を検索..." label="記事を検索" />
      </Toolbar>
      <Count role="status">{visible.length}件の記事</Count>
      {visible.length === 0 ? (
        <Empty>
          <p>条件に一致する記事が見つかりませんでした。キーワードやタグを変えてお試しください。</p>
          <ActionButton type="button" $variant="secondary" onClick={reset}>
            すべての記事を表示
          </ActionButton>
        </Empty>
      ) : (
        <CardGrid>
          {visible.map((article, index) => (
            <ArticleTeaser
              key={article.slug}
              article={article}
              excerptLength={EXCERPT_LENGTH.list}
              index={index}
              // Lazy, the first ones too: on a served page no card image starts before the first
              // paint (shared-context's GlobalStyle); the LCP element is text.
              loading="lazy"
              headingLevel={2}
            />
          ))}
        </CardGrid>
      )}
    </>
  );
});
