import { useId, useState } from 'react';
import styled from 'styled-components';
import { formatJapaneseDate, matchesQuery, sortNewestFirst, type Article } from 'shared-articles';
import { ARTICLE_LIMITS } from 'shared-articles/schema';
import { FieldError, FieldHint, Input } from 'shared-ui/forms';

const Fieldset = styled.fieldset`
  display: grid;
  gap: 8px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: 6px;
    font-weight: 700;
  }
`;

const Chosen = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    max-width: 100%;
    padding: 2px 4px 2px 12px;
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: 999px;
    font-size: 0.85rem;
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  button {
    flex: none;
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font-size: 1rem;
    cursor: pointer;
  }
`;

const Options = styled.ul`
  max-height: 260px;
  overflow-y: auto;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Option = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 8px 12px;
  cursor: pointer;

  input {
    margin-top: 0.35em;
    width: 18px;
    height: 18px;
    flex: none;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

interface RelatedArticlesPickerProps {
  /** Candidate articles (the edited article itself excluded by the caller). */
  articles: readonly Article[] | undefined;
  /** The list could not be loaded: say so rather than offer nothing. */
  unavailableMessage?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

/**
 * Hand-picked related articles: a filterable list of checkboxes. Ids keep the order in which they
 * were ticked, which is the order the article page shows them in.
 */
export function RelatedArticlesPicker({
  articles,
  unavailableMessage,
  value,
  onChange,
  error,
}: RelatedArticlesPickerProps) {
  const [query, setQuery] = useState('');
  const id = useId();
  const selected = new Set(value);
  const titleOf = new Map((articles ?? []).map((a) => [a.id, a.title]));
  const candidates = sortNewestFirst(articles ?? []).filter((a) => matchesQuery(query, a.title));

  const toggle = (articleId: number, checked: boolean) =>
    onChange(checked ? [...value, articleId] : value.filter((v) => v !== articleId));

  return (
    <Fieldset aria-describedby={`${id}-note${error ? ` ${id}-error` : ''}`}>
      <legend>関連記事</legend>
      <FieldHint id={`${id}-note`}>
        {value.length}件選択中（最大{ARTICLE_LIMITS.relatedMaxCount}
        件）。選ばなければ同じカテゴリーの記事が表示されます。
      </FieldHint>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      {value.length > 0 && (
        <Chosen aria-label="選択中の関連記事（表示順）">
          {value.map((articleId) => {
            const title = titleOf.get(articleId) ?? `記事ID ${articleId}`;
            return (
              <li key={articleId}>
                <span>{title}</span>
                <button type="button" aria-label={`${title}を外す`} onClick={() => toggle(articleId, false)}>
                  ×
                </button>
              </li>
            );
          })}
        </Chosen>
      )}
      {unavailableMessage ? (
        <FieldHint role="status">{unavailableMessage}</FieldHint>
      ) : (
        <>
          <Input
            type="search"
            aria-label="関連記事をタイトルで絞り込む"
            placeholder="タイトルで絞り込む"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Options>
            {candidates.map((article) => (
              <li key={article.id}>
                <Option>
                  <input
                    type="checkbox"
                    checked={selected.has(article.id)}
                    onChange={(event) => toggle(article.id, event.target.checked)}
                  />
                  <span>
                    {article.title}
                    <small>
                      {formatJapaneseDate(article.date)}・{article.category}
                    </small>
                  </span>
                </Option>
              </li>
            ))}
            {candidates.length === 0 && (
              <li>
                <Option as="p">該当する記事がありません。</Option>
              </li>
            )}
          </Options>
        </>
      )}
    </Fieldset>
  );
}
