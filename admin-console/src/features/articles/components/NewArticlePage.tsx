import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from 'shared-core';
import { useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { errorMessage } from '../../../lib/errorMessage';
import { useArticlesQuery, useCreateArticle } from '../api/articleQueries';
import { ArticleForm } from './form/ArticleForm';
import { emptyArticleValues } from './form/articleFormValues';

const TITLE = '記事の新規作成';

/** /admin/articles/new: success goes back to the list, failure keeps everything typed. */
export function NewArticlePage() {
  useDocumentTitle(TITLE);
  const navigate = useNavigate();
  const articles = useArticlesQuery();
  const create = useCreateArticle();
  // Today is read once, when the page opens, not on every render.
  const [initialValues] = useState(() => emptyArticleValues());

  return (
    <>
      <PageHeader size="small" title={TITLE} />
      <ArticleForm
        mode="create"
        initialValues={initialValues}
        articles={articles.data}
        articlesError={articles.isError ? errorMessage(articles.error, '記事の取得に失敗しました。') : undefined}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          await navigate(paths.adminArticles);
        }}
      />
    </>
  );
}
