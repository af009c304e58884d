import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { paths, site } from 'shared-core';
import { layout, media } from 'shared-ui';
import { isBusinessSidebarPath } from '../../routing/areas';
import { useLoginLogout } from '../useLoginLogout';
import { AuthPill, FriendPill } from '../pillButtons';

const Wrapper = styled.footer<{ $withSidebar: boolean }>`
  margin-left: ${({ $withSidebar }) => ($withSidebar ? `${layout.sidebarWidth}px` : '0')};
  padding: 48px 20px 24px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.tablet} {
    margin-left: 0;
  }
`;

const Inner = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: 32px;
  max-width: ${layout.maxContentWidth}px;
  margin: 0 auto;
  ${media.tablet} {
    grid-template-columns: 1fr;
  }
`;

const Heading = styled.h2`
  margin: 0 0 12px;
  font-size: 1rem;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 16px;
  ${media.phone} {
    display: none;
  }
`;

const Copyright = styled.p`
  max-width: ${layout.maxContentWidth}px;
  margin: 32px auto 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

// Japan's year, not the host's: a server on UTC would still say last year for the first nine hours
// of January 1st in Japan, its cached pages would keep saying it, and the browser (in Japan) would
// then hydrate a different text. Both sides ask for Asia/Tokyo, so they agree wherever they run.
// (Not shared-articles' todayIsoDate: the shell's own bundle has no use for that package otherwise.)
const japanYear = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' });

export function Footer() {
  const { pathname } = useLocation();
  const { signedIn, login, logout } = useLoginLogout('footer');
  return (
    <Wrapper $withSidebar={isBusinessSidebarPath(pathname)}>
      <Inner>
        <section>
          <Heading as="p">{site.productName}</Heading>
          <p>LINEで気軽に生成AIを学べる、AI初心者のためのメディアです。</p>
          <Buttons>
            <FriendPill $size="medium" href={site.lineFriendUrl} target="_blank" rel="noopener noreferrer">
              LINEで友だち追加
            </FriendPill>
            <AuthPill $size="medium" type="button" onClick={signedIn ? logout : login}>
              {signedIn ? 'ログアウト' : '事業者ログイン'}
            </AuthPill>
          </Buttons>
        </section>
        <nav aria-labelledby="footer-sitemap">
          <Heading id="footer-sitemap">サイトマップ</Heading>
          <List>
            <li>
              <Link to={paths.home}>ホーム</Link>
            </li>
            <li>
              <Link to={paths.about}>私たちについて</Link>
            </li>
            <li>
              <Link to={paths.articles}>AIに関する記事</Link>
            </li>
            <li>
              <Link to={paths.privacy}>プライバシーポリシー</Link>
            </li>
            <li>
              <Link to={paths.terms}>利用規約</Link>
            </li>
            <li>
              <a href={site.companyUrl} target="_blank" rel="noopener noreferrer">
                運営会社
              </a>
            </li>
          </List>
        </nav>
        <section aria-labelledby="footer-contact">
          <Heading id="footer-contact">お問い合わせ</Heading>
          <p>お問い合わせはLINE公式アカウントにて受け付けております。</p>
          <a href={site.lineFriendUrl} target="_blank" rel="noopener noreferrer">
            LINE公式アカウントを友だち追加
          </a>
        </section>
      </Inner>
      <Copyright>
        © {japanYear.format(new Date())} {site.companyName}. All rights reserved.
      </Copyright>
    </Wrapper>
  );
}
