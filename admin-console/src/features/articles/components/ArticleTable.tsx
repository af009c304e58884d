import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatJapaneseDate, type Article } from 'shared-articles';
import { paths } from 'shared-core';
import { Button } from 'shared-ui';
import { VisuallyHidden } from 'shared-ui/page';
import { DangerOutlineButton } from '../../../components/DangerButton';
import { DataTable, HiddenCaption } from '../../../components/DataTable';

const TitleCell = styled.td`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const NoWrap = styled.td`
  white-space: nowrap;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

const SmallButton = styled(Button)`
  min-height: 40px;
  padding: 6px 16px;
`;

const SmallDangerButton = styled(DangerOutlineButton)`
  min-height: 40px;
  padding: 6px 16px;
`;

interface ArticleTableProps {
  articles: readonly Article[];
  onDelete: (article: Article) => void;
}

/** Title, category, publish date and the row's actions; each action names its article for screen readers. */
export function ArticleTable({ articles, onDelete }: ArticleTableProps) {
  return (
    <DataTable>
      <HiddenCaption>記事一覧</HiddenCaption>
      <thead>
        <tr>
          <th scope="col">タイトル</th>
          <th scope="col">カテゴリー</th>
          <th scope="col">公開日</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {articles.map((article) => (
          <tr key={article.id}>
            <TitleCell data-label="タイトル">{article.title}</TitleCell>
            <NoWrap data-label="カテゴリー">{article.category}</NoWrap>
            <NoWrap data-label="公開日">
              <time dateTime={article.date}>{formatJapaneseDate(article.date)}</time>
            </NoWrap>
            <NoWrap data-label="操作">
              <Actions>
                <SmallButton as={Link} to={paths.adminEditArticle(article.id)} $variant="ghost">
                  編集<VisuallyHidden>：{article.title}</VisuallyHidden>
                </SmallButton>
                <SmallDangerButton type="button" onClick={() => onDelete(article)}>
                  削除<VisuallyHidden>：{article.title}</VisuallyHidden>
                </SmallDangerButton>
              </Actions>
            </NoWrap>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
