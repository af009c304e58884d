import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from 'shared-core';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useHttpStatus } from 'shared-context';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 96px 20px;
  text-align: center;
`;

const Code = styled.p`
  margin: 0;
  font-size: 4rem;
  font-weight: 800;
  color: ${({ theme }) => theme.colors.accentText};
`;

/** The spec's 404 page; the shell shows it, and a remote for unknown paths inside its area. */
export function NotFoundPage() {
  useDocumentTitle('ページが見つかりません');
  useHttpStatus(404);
  return (
    <Section>
      <Code aria-hidden="true">404</Code>
      <h1>ページが見つかりません</h1>
      <p>お探しのページは存在しないか、移動された可能性があります。</p>
      <Link to={paths.home}>ホームに戻る</Link>
    </Section>
  );
}
