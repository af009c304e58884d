import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { sortNewestFirst, type Article } from 'shared-articles';
import { paths } from 'shared-core';
import { Banner, Button, Spinner, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { errorMessage } from '../../../lib/errorMessage';
import { useTransientMessage } from '../../../lib/useTransientMessage';
import { useArticlesQuery, useDeleteArticle } from '../api/articleQueries';
import { ArticleOverview } from './ArticleOverview';
import { ArticleTable } from './ArticleTable';
import { DeleteArticleDialog } from './DeleteArticleDialog';

/** Spec section 9: the delete confirmation stays for 3 s. */
export const DELETED_MESSAGE_MS = 3000;

const Notice = styled(Banner)`
  margin-bottom: 20px;
`;

const Empty = styled.p`
  padding: 48px 20px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Retry = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
`;

interface ArticleListPageProps {
  title: string;
  /** The dashboard shows the figures of the list above it. */
  showOverview?: boolean;
}

/** The admin article list (spec: /admin and /admin/articles): loading, list, empty or error, and delete. */
export function ArticleListPage({ title, showOverview = false }: ArticleListPageProps) {
  useDocumentTitle(title);
  const articles = useArticlesQuery();
  const deletion = useDeleteArticle();
  const deleted = useTransientMessage(DELETED_MESSAGE_MS);
  const [toDelete, setToDelete] = useState<Article | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rowWasRemoved = useRef(false);

  const confirmDelete = (article: Article) => {
    setDeleteError(null);
    deletion.mutate(article.id, {
      onSuccess: () => {
        rowWasRemoved.current = true;
        setToDelete(null);
        deleted.show('記事を削除しました。');
      },
      onError: (error) => {
        setToDelete(null);
        setDeleteError(errorMessage(error, '記事の削除に失敗しました。'));
      },
    });
  };

  // The 削除 button that opened the dialog went with its row: focus the heading instead of <body>.
  const focusAfterClose = (event: Event) => {
    if (!rowWasRemoved.current) return;
    rowWasRemoved.current = false;
    event.preventDefault();
    heading.current?.focus();
  };

  return (
    <>
      <PageHeader
        size="small"
        ref={heading}
        title={title}
        actions={
          <Button as={Link} to={paths.adminNewArticle}>
            新規作成
          </Button>
        }
      />
      <div aria-live="polite">{deleted.message && <Notice tone="success">{deleted.message}</Notice>}</div>
      {deleteError && (
        <Notice tone="error" onClose={() => setDeleteError(null)}>
          {deleteError}
        </Notice>
      )}
      {articles.isPending ? (
        <Spinner label="記事を読み込んでいます..." />
      ) : articles.isError ? (
        <Retry>
          <Banner tone="error">{errorMessage(articles.error, '記事の取得に失敗しました。')}</Banner>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void articles.refetch()}
            disabled={articles.isFetching}
          >
            再読み込み
          </Button>
        </Retry>
      ) : articles.data.length === 0 ? (
        <Empty>記事がまだありません。「新規作成」から最初の記事を追加してください。</Empty>
      ) : (
        <>
          {showOverview && <ArticleOverview articles={articles.data} />}
          <ArticleTable articles={sortNewestFirst(articles.data)} onDelete={setToDelete} />
        </>
      )}
      <DeleteArticleDialog
        article={toDelete}
        deleting={deletion.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        onCloseAutoFocus={focusAfterClose}
      />
    </>
  );
}
