import styled from 'styled-components';
import { accentText, fonts } from 'shared-ui';

const Heading = styled.h2`
  margin: 0 0 40px;
  text-align: center;
  font-size: clamp(1.375rem, 3vw, 2rem);
  line-height: 1.5;
`;

const Eyebrow = styled.span`
  display: block;
  margin-bottom: 8px;
  font-family: ${fonts.heading};
  font-size: 0.875rem;
  font-weight: 800;
  letter-spacing: 0.2em;
  color: ${({ theme }) => accentText(theme)};
`;

/** A home section's English label (PROBLEM, SOLUTION, CONTENTS) over its Japanese heading. */
export function SectionHeading({ id, eyebrow, children }: { id: string; eyebrow: string; children: string }) {
  return (
    <Heading id={id}>
      <Eyebrow>{eyebrow}</Eyebrow> {children}
    </Heading>
  );
}
