import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArticleApiError, ARTICLE_TYPES, distinctCategories, type Article, type ArticleType } from 'shared-articles';
import { paths } from 'shared-core';
import { Banner, Button, media } from 'shared-ui';
import { Field, Input, Select } from 'shared-ui/forms';
import { errorMessage } from '../../../../lib/errorMessage';
import { articleFormResolver, isFormField, type ArticleFormValues } from './articleFormValues';
import { browserCheck, type BrowserCheckedField } from './browserCheck';
import { ContentPreview } from './ContentPreview';
import { HtmlEditor } from './controls';
import { RelatedArticlesPicker } from './RelatedArticlesPicker';

const ARTICLE_TYPE_LABELS: Record<ArticleType, string> = {
  note: 'note（記事）',
  youtube: 'YouTube（動画）',
  seminar: 'セミナー',
  workshop: 'ワークショップ',
  guide: 'ガイド',
};

const Form = styled.form`
  display: grid;
  gap: 24px;
`;

const Section = styled.fieldset`
  display: grid;
  gap: 20px;
  min-width: 0;
  margin: 0;
  padding: 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};

  legend {
    padding: 0 8px;
    font-weight: 800;
  }

  ${media.phone} {
    padding: 16px;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 20px;
`;

const EditorAndPreview = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;

  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;

  ${media.phone} {
    flex-direction: column-reverse;
    > * {
      width: 100%;
    }
  }
`;

export type ArticleFormMode = 'create' | 'edit';

const LABELS: Record<ArticleFormMode, { submit: string; saving: string; fallbackError: string }> = {
  create: { submit: '作成する', saving: '作成中...', fallbackError: '記事の作成に失敗しました。' },
  edit: { submit: '更新する', saving: '更新中...', fallbackError: '記事の更新に失敗しました。' },
};

interface ArticleFormProps {
  mode: ArticleFormMode;
  initialValues: ArticleFormValues;
  /** Existing articles: category suggestions and related-article choices. */
  articles: readonly Article[] | undefined;
  articlesError?: string;
  /** The edited article's id, never offered as its own related article. */
  articleId?: number;
  /** Sends the form; a rejection keeps the user here with everything they typed. */
  onSubmit: (values: ArticleFormValues) => Promise<unknown>;
}

/**
 * The create and edit form (spec section 2 and 5). The browser checks the required fields and the
 * URLs' type first (`browserCheck`); then the service's own schema runs on submit (then on each
 * change); the service's 400 `fields` land next to their fields and its `error` in the banner above.
 */
export function ArticleForm({ mode, initialValues, articles, articlesError, articleId, onSubmit }: ArticleFormProps) {
  const labels = LABELS[mode];
  const categoriesId = useId();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ArticleFormValues>({ defaultValues: initialValues, resolver: articleFormResolver });

  const content = useWatch({ control, name: 'content' });
  // A field the browser checks before the form's own check runs.
  const checked = (name: BrowserCheckedField) => ({ ...register(name), ...browserCheck(name) });

  const submit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const extra: string[] = [];
      let first = true;
      if (error instanceof ArticleApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
          if (isFormField(field)) {
            setError(field, { type: 'server', message }, { shouldFocus: first });
            first = false;
          } else extra.push(`${field}: ${message}`);
        }
      }
      setSubmitError([errorMessage(error, labels.fallbackError), ...extra].join(' '));
    }
  });

  const candidates = articles?.filter((article) => article.id !== articleId);

  return (
    <Form onSubmit={submit} aria-busy={isSubmitting}>
      <Section>
        <legend>基本情報</legend>
        <Field label="タイトル" required error={errors.title?.message}>
          {(a11y) => <Input type="text" autoComplete="off" {...a11y} {...checked('title')} />}
        </Field>
        <Row>
          <Field
            label="カテゴリー"
            required
            hint="既存のカテゴリーから選ぶか、新しく入力します。"
            error={errors.category?.message}
          >
            {(a11y) => <Input type="text" autoComplete="off" list={categoriesId} {...a11y} {...checked('category')} />}
          </Field>
          <Field label="公開日" required error={errors.date?.message}>
            {(a11y) => <Input type="date" {...a11y} {...checked('date')} />}
          </Field>
        </Row>
        <datalist id={categoriesId}>
          {distinctCategories(articles ?? []).map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <EditorAndPreview>
          <Field
            label="本文（HTML）"
            required
            hint="使えるタグ: p, h2〜h4, ul/ol/li, a, strong, em, blockquote, img, table, YouTube の iframe など。"
            error={errors.content?.message}
          >
            {(a11y) => <HtmlEditor spellCheck={false} {...a11y} {...checked('content')} />}
          </Field>
          <ContentPreview html={content} />
        </EditorAndPreview>
      </Section>

      <Section>
        <legend>詳細設定（任意）</legend>
        <Row>
          <Field label="記事タイプ" error={errors.articleType?.message}>
            {(a11y) => (
              <Select {...a11y} {...register('articleType')}>
                {ARTICLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ARTICLE_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="スラッグ"
            hint="URLの末尾（/articles/スラッグ）。空欄なら自動で決まります。"
            error={errors.slug?.message}
          >
            {(a11y) => <Input type="text" autoComplete="off" spellCheck={false} {...a11y} {...register('slug')} />}
          </Field>
        </Row>
        <Field label="タグ" hint="複数のときはカンマ（,）で区切ります。" error={errors.tag?.message}>
          {(a11y) => <Input type="text" autoComplete="off" {...a11y} {...register('tag')} />}
        </Field>
        <Row>
          <Field label="画像URL" error={errors.image?.message}>
            {(a11y) => <Input type="url" inputMode="url" {...a11y} {...checked('image')} />}
          </Field>
          <Field label="参照URL" error={errors.url?.message}>
            {(a11y) => <Input type="url" inputMode="url" {...a11y} {...checked('url')} />}
          </Field>
          <Field label="note記事のURL" error={errors.noteUrl?.message}>
            {(a11y) => <Input type="url" inputMode="url" {...a11y} {...checked('noteUrl')} />}
          </Field>
        </Row>
        <Controller
          control={control}
          name="relatedArticles"
          render={({ field, fieldState }) => (
            <RelatedArticlesPicker
              articles={candidates}
              unavailableMessage={articlesError}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Section>

      {/* Beside the submit button, where the eyes are when it fails. */}
      {submitError && <Banner tone="error">{submitError}</Banner>}
      <Actions>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? labels.saving : labels.submit}
        </Button>
        <Button as={Link} to={paths.adminArticles} $variant="ghost">
          キャンセル
        </Button>
      </Actions>
    </Form>
  );
}
