import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from 'shared-core';
import { Banner, Spinner, useDocumentTitle } from 'shared-ui';
import type { Article } from 'shared-articles';
import { PageHeader } from 'shared-ui/page';
import { errorMessage } from '../../../lib/errorMessage';
import { useArticleQuery, useArticlesQuery, useUpdateArticle } from '../api/articleQueries';
import { ArticleForm } from './form/ArticleForm';
import { articleToFormValues } from './form/articleFormValues';

const TITLE = '記事の編集';

/** A route id that article-api could know: a positive integer, else null. */
export function parseArticleId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** /admin/articles/edit/:id. If the article cannot be loaded the page is only the message (spec section 4). */
export function EditArticlePage() {
  useDocumentTitle(TITLE);
  const id = parseArticleId(useParams().id);
  if (id === null) return <Banner tone="error">記事が見つかりませんでした。</Banner>;
  return <EditArticle id={id} />;
}

function EditArticle({ id }: { id: number }) {
  const article = useArticleQuery(id);
  if (article.isPending) return <Spinner label="記事を読み込んでいます..." />;
  if (article.isError) return <Banner tone="error">{errorMessage(article.error, '記事の取得に失敗しました。')}</Banner>;
  // Keyed by id: opening another article starts from its own values, not the previous form's.
  return <EditArticleForm key={id} article={article.data} />;
}

function EditArticleForm({ article }: { article: Article }) {
  const navigate = useNavigate();
  const articles = useArticlesQuery();
  const update = useUpdateArticle(article.id);
  // Taken once: a background refetch must not overwrite what the admin is typing.
  const [initialValues] = useState(() => articleToFormValues(article));

  return (
    <>
      <PageHeader size="small" title={TITLE} />
      <ArticleForm
        mode="edit"
        articleId={article.id}
        initialValues={initialValues}
        articles={articles.data}
        articlesError={articles.isError ? errorMessage(articles.error, '記事の取得に失敗しました。') : undefined}
        onSubmit={async (values) => {
          await update.mutateAsync(values);
          await navigate(paths.adminArticles);
        }}
      />
    </>
  );
}
