import type { ReactNode } from 'react';
import styled from 'styled-components';
import { paths } from 'shared-core';
import { Container, fonts, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { BackLink } from '../../../components/BackLink';

/** Both legal pages were last revised on this date (spec section 9). */
export const LEGAL_LAST_UPDATED = '最終更新日：2025年5月30日';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

const Page = styled(Container)`
  max-width: 880px;
  padding-bottom: 80px;
`;

const Intro = styled.p`
  margin: 0 0 40px;
`;

const Section = styled.section`
  margin-bottom: 40px;

  h2 {
    margin: 0 0 16px;
    padding-bottom: 8px;
    font-family: ${fonts.heading};
    font-size: 1.25rem;
    border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  }
  p,
  ul,
  ol {
    margin: 0 0 1em;
    line-height: 1.9;
  }
  ul,
  ol {
    padding-left: 1.5em;
  }
  li + li {
    margin-top: 0.25em;
  }
`;

const Updated = styled.p`
  margin: 48px 0 32px;
  text-align: right;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface LegalDocumentProps {
  title: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}

/** A legal page: numbered sections, the revision date and a way home. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <Page>
      <PageHeader size="large" title={title} />
      {intro && <Intro>{intro}</Intro>}
      {sections.map((section, index) => {
        const id = `legal-section-${index + 1}`;
        return (
          <Section key={section.title} aria-labelledby={id}>
            <h2 id={id}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </Section>
        );
      })}
      <Updated>{LEGAL_LAST_UPDATED}</Updated>
      <BackLink to={paths.home}>ホームに戻る</BackLink>
    </Page>
  );
}
