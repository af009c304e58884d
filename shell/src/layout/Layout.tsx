import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { AuthBanners } from './AuthBanners';

/** At least one screen tall, so the footer never shows (and then jumps) while a remote loads. */
const Main = styled.main`
  min-height: 100vh;
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
