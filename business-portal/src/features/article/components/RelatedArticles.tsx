import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { articleThumbnail, type BusinessArticle } from 'shared-articles';
import { paths } from 'shared-core';
import { ImageWithFallback } from '../../../components/ImageWithFallback';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 10px;
  height: 100%;
  padding-bottom: 14px;
  border-radius: 12px;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 700;
  line-height: 1.5;
  img,
  .no-image {
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    background: ${({ theme }) => theme.colors.background};
  }
  span {
    padding: 0 14px;
  }
  &:hover span {
    text-decoration: underline;
  }
`;

const NoImage = () => <div className="no-image" aria-hidden="true" />;

/** Up to three related business articles: image, title, link. */
export function RelatedArticles({ articles }: { articles: BusinessArticle[] }) {
  const headingId = useId();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>関連記事</h2>
      <List>
        {articles.map((article) => {
          const image = articleThumbnail(article);
          return (
            <li key={article.id}>
              <Item to={paths.businessArticle(article.slug)}>
                {image ? (
                  <ImageWithFallback
                    src={image}
                    width={320}
                    height={180}
                    loading="lazy"
                    decoding="async"
                    fallback={<NoImage />}
                  />
                ) : (
                  <NoImage />
                )}
                <span>{article.title}</span>
              </Item>
            </li>
          );
        })}
      </List>
    </section>
  );
}
