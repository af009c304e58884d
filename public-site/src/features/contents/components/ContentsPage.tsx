import styled from 'styled-components';
import { CONTENT_CATEGORIES, type ContentCategory } from 'shared-articles';
import { contentItems } from 'shared-articles/contents';
import { ArticleCard, CardGrid, Container, useDocumentTitle } from 'shared-ui';
import { PageHeader, CategoryFilter, SearchBox } from 'shared-ui/page';
import { useContentFilter } from '../hooks/useContentFilter';

const Page = styled(Container)`
  padding-bottom: 80px;
`;

const Toolbar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-bottom: 32px;
`;

const Empty = styled.p`
  padding: 48px 0;
  text-align: center;
`;

const isContentCategory = (value: string | null): value is ContentCategory | null =>
  value === null || CONTENT_CATEGORIES.includes(value as ContentCategory);

/** 'YYYY.MM.DD' as shown → 'YYYY-MM-DD' for <time datetime>. */
const isoDate = (dotted: string) => dotted.replaceAll('.', '-');

/** /contents — the study guides, filtered by category and keyword. */
export function ContentsPage() {
  useDocumentTitle('コンテンツ');
  const { category, setCategory, query, setQuery, visible } = useContentFilter(contentItems);
  return (
    <Page>
      <PageHeader
        size="large"
        title="コンテンツ"
        lead="AIの基礎から活用法、法律や倫理まで。テーマ別に学べる解説をそろえました。"
      />
      <Toolbar>
        <CategoryFilter
          categories={CONTENT_CATEGORIES}
          selected={category}
          onSelect={(next) => {
            if (isContentCategory(next)) setCategory(next);
          }}
          label="カテゴリー"
          mobileDropdown={false}
        />
        <SearchBox value={query} onChange={setQuery} placeholder="キーワードで検索..." label="コンテンツを検索" />
      </Toolbar>
      {visible.length === 0 ? (
        <Empty role="status">条件に一致するコンテンツが見つかりませんでした。</Empty>
      ) : (
        <CardGrid>
          {visible.map((item, index) => (
            <ArticleCard
              key={item.id}
              href={item.url}
              title={item.title}
              category={item.category}
              dateLabel={item.date}
              dateTime={isoDate(item.date)}
              excerpt={item.description}
              ctaText="詳しく見る"
              index={index}
              headingLevel={2}
            />
          ))}
        </CardGrid>
      )}
    </Page>
  );
}
