import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { AuthBanners } from './AuthBanners';

const Main = styled.main`
  min-height: calc(100vh - var(--header-height));
  padding-top: var(--header-height);
`;

/** Header, main area offset by the header height, and footer (spec "Shared layout"). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <AuthBanners />
      <Main id="main-content">{children}</Main>
      <Footer />
    </>
  );
}
