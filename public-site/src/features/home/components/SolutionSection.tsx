import styled from 'styled-components';
import { Container, accentFill } from 'shared-ui';
import { HomeSection, ThreeColumns } from './homeSection';
import { SectionHeading } from './SectionHeading';

const solutions = [
  {
    title: 'LINEで手軽に学べる',
    text: 'いつものLINEを開くだけ。新しいアプリや難しい登録は不要で、通勤中やスキマ時間に学べます。',
  },
  {
    title: 'やさしく分かりやすい解説',
    text: '専門用語をかみくだいた解説記事を定期的にお届け。AIがはじめての方でも無理なく理解できます。',
  },
  {
    title: '何度でも質問し放題',
    text: '分からないことは、AIチャットボットにいつでも何度でも質問できます。自分のペースで疑問を解消しましょう。',
  },
];

const Section = styled(HomeSection)`
  background: ${({ theme }) => theme.colors.surface};
`;

const Cards = styled(ThreeColumns)`
  counter-reset: solution;
`;

const Card = styled.li`
  counter-increment: solution;
  padding: 32px 24px;
  border-radius: 20px;
  text-align: center;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};

  &::before {
    content: counter(solution, decimal-leading-zero);
    display: inline-grid;
    place-items: center;
    width: 56px;
    height: 56px;
    margin-bottom: 16px;
    border-radius: 50%;
    font-weight: 800;
    font-size: 1.125rem;
    background: ${({ theme }) => accentFill(theme).background};
    color: ${({ theme }) => accentFill(theme).color};
  }
  h3 {
    margin: 0 0 12px;
    font-size: 1.1875rem;
  }
  p {
    margin: 0;
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** SOLUTION: easy access, clear explanations, unlimited questions. */
export function SolutionSection() {
  return (
    <Section forwardedAs="section" aria-labelledby="solution-title">
      <Container>
        <SectionHeading id="solution-title" eyebrow="SOLUTION">
          AIまなびなら、無理なく続けられます
        </SectionHeading>
        <Cards as="ol">
          {solutions.map((solution) => (
            <Card key={solution.title}>
              <h3>{solution.title}</h3>
              <p>{solution.text}</p>
            </Card>
          ))}
        </Cards>
      </Container>
    </Section>
  );
}
