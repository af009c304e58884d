import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fonts, media } from 'shared-ui';

const Page = styled.div`
  display: grid;
  place-items: center;
  min-height: calc(100vh - var(--header-height));
  padding: 48px 16px 64px;
  background:
    radial-gradient(circle at 15% 20%, ${({ theme }) => theme.colors.primary}1f, transparent 45%),
    radial-gradient(circle at 85% 80%, ${({ theme }) => theme.colors.secondary}26, transparent 45%);
  ${media.phone} {
    padding: 24px 12px 48px;
  }
`;

const Card = styled.section<{ $wide: boolean }>`
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? 560 : 440)}px;
  padding: 40px 36px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 20px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 18px 48px rgba(0, 0, 0, 0.08);
  ${media.phone} {
    padding: 28px 20px;
    border-radius: 16px;
  }
`;

const Title = styled.h1`
  margin: 0 0 8px;
  font-family: ${fonts.heading};
  font-size: 1.6rem;
  line-height: 1.4;
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
  ${media.phone} {
    font-size: 1.35rem;
  }
`;

const Lead = styled.p`
  margin: 0 0 28px;
  text-align: center;
  line-height: 1.7;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface AuthCardProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** The centred card of the login and register pages. */
export function AuthCard({ title, lead, children, wide = false }: AuthCardProps) {
  return (
    <Page>
      <Card $wide={wide} aria-labelledby="auth-card-title">
        <Title id="auth-card-title">{title}</Title>
        <Lead>{lead}</Lead>
        {children}
      </Card>
    </Page>
  );
}

/** 'または' between the e-mail form and the Google button. */
export const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 24px 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const Footnote = styled.p`
  margin: 24px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.accentText};
    font-weight: 700;
  }
`;

/** A persistent polite live region, so that messages put into it are announced. */
export const StatusSlot = styled.div.attrs({ role: 'status' })`
  &:not(:empty) {
    margin-top: 16px;
  }
`;

/** An informational message (inside a StatusSlot). */
export const Notice = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.colors.accentText};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.7;
`;

export const ErrorSlot = styled.div`
  &:not(:empty) {
    margin-top: 16px;
  }
`;
