import styled from 'styled-components';
import { factTerms } from '../../../components/factTerms';

export interface Fact {
  term: string;
  /** A list is shown one entry per line. */
  value: string | readonly string[];
}

const List = styled.dl`
  display: grid;
  gap: 12px;
  ${factTerms}

  dd {
    margin: 2px 0 0;
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }
`;

/** Label and value pairs of a read-only settings card. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <List>
      {facts.map(({ term, value }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            {typeof value === 'string' ? (
              value
            ) : (
              <ul>
                {value.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      ))}
    </List>
  );
}
