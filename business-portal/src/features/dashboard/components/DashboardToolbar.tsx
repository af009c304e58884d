import styled from 'styled-components';
import type { ArticleSortKey } from 'shared-articles';
import { media } from 'shared-ui';
import { CategoryFilter, SearchBox } from 'shared-ui/page';
import type { ArticleFilters } from '../hooks/articleFilters';
import { SortSelect } from './SortSelect';

interface DashboardToolbarProps {
  categories: string[];
  filters: ArticleFilters;
  onCategory: (category: string | null) => void;
  onQuery: (query: string) => void;
  onSort: (sort: ArticleSortKey) => void;
}

const Bar = styled.div`
  display: grid;
  gap: 16px;
  margin-bottom: 24px;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  ${media.tablet} {
    flex-direction: column;
    align-items: stretch;
  }
`;

/** Category chips (a dropdown on small screens), search and sort. */
export function DashboardToolbar({ categories, filters, onCategory, onQuery, onSort }: DashboardToolbarProps) {
  return (
    <Bar>
      <CategoryFilter categories={categories} selected={filters.category} onSelect={onCategory} label="カテゴリー" />
      <Row>
        <SearchBox value={filters.query} onChange={onQuery} placeholder="記事を検索..." label="記事を検索" />
        <SortSelect value={filters.sort} onChange={onSort} />
      </Row>
    </Bar>
  );
}
