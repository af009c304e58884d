import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Panel } from '../../../components/Panel';

const Heading = styled.h2`
  margin: 0 0 4px;
  font-size: 1.15rem;
`;

/** One titled group of settings, exposed as a labelled region. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      {children}
    </Panel>
  );
}
