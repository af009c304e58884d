import styled from 'styled-components';
import { Container } from 'shared-ui';
import { HomeSection, ThreeColumns } from './homeSection';
import { SectionHeading } from './SectionHeading';

const problems = [
  {
    title: 'AIの進化についていけない',
    text: '毎日のように新しいAIのニュースが流れてきて、何が大事なのか分からなくなっていませんか。',
  },
  {
    title: '忙しくて勉強する時間がない',
    text: '本や講座で学ぶ時間がとれず、「そのうちやろう」と後回しになっていませんか。',
  },
  {
    title: '仕事や副業に活かしたい',
    text: 'AIで仕事を効率化したり副収入を得たりしたいけれど、何から始めればいいか迷っていませんか。',
  },
];

const Item = styled.li`
  padding: 28px 24px;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    display: flex;
    align-items: center;
    gap: 10px;
    margin: 0 0 10px;
    font-size: 1.125rem;
  }
  h3::before {
    content: '?';
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    font-weight: 800;
    color: #fff;
    background: ${({ theme }) => theme.colors.danger};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** PROBLEM: the worries of the people the service is for (spec section 1). */
export function ProblemSection() {
  return (
    <HomeSection forwardedAs="section" aria-labelledby="problem-title">
      <Container>
        <SectionHeading id="problem-title" eyebrow="PROBLEM">
          こんなお悩みはありませんか？
        </SectionHeading>
        <ThreeColumns>
          {problems.map((problem) => (
            <Item key={problem.title}>
              <h3>{problem.title}</h3>
              <p>{problem.text}</p>
            </Item>
          ))}
        </ThreeColumns>
      </Container>
    </HomeSection>
  );
}
