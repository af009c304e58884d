import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { findContentBySlug } from 'shared-articles/contents';
import { paths } from 'shared-core';
import { Container, NotFoundPage, fonts, useDocumentTitle } from 'shared-ui';
import { SafeHtml } from 'shared-ui/page';
import { Badge } from '../../../components/Badge';
import { BackLink } from '../../../components/BackLink';

const Page = styled(Container)`
  max-width: 880px;
  padding-top: 32px;
  padding-bottom: 80px;
`;

const Header = styled.header`
  margin: 16px 0 32px;
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h1`
  margin: 0 0 16px;
  font-family: ${fonts.heading};
  font-size: clamp(1.5rem, 3.6vw, 2.25rem);
  line-height: 1.45;
`;

const Lead = styled.p`
  margin: 0;
  font-size: 1.0625rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Footer = styled.div`
  margin-top: 56px;
`;

/** /contents/:slug — one study guide; an unknown slug is the 404 page. */
export function ContentPage() {
  const { slug = '' } = useParams();
  const item = findContentBySlug(slug);
  useDocumentTitle(item?.title ?? 'ページが見つかりません');
  if (!item) return <NotFoundPage />;
  return (
    <Page>
      <BackLink to={paths.contents}>コンテンツ一覧に戻る</BackLink>
      <article>
        <Header>
          <Meta>
            <Badge>{item.category}</Badge>
            <time dateTime={item.date.replaceAll('.', '-')}>{item.date}</time>
          </Meta>
          <Title>{item.title}</Title>
          <Lead>{item.description}</Lead>
        </Header>
        <SafeHtml html={item.body} />
      </article>
      <Footer>
        <BackLink to={paths.contents}>コンテンツ一覧に戻る</BackLink>
      </Footer>
    </Page>
  );
}
