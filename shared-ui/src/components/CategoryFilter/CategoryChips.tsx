import styled from 'styled-components';
import { controlSize, focusRing } from '../../forms/controlStyles';
import { accentFill } from '../accent';
import type { ViewProps } from './views';

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Chip = styled.button<{ $active: boolean }>`
  min-height: ${controlSize.height}px;
  padding: 8px 18px;
  border-radius: 999px;
  border: 1px solid ${({ theme, $active }) => ($active ? accentFill(theme).background : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? accentFill(theme).background : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? accentFill(theme).color : theme.colors.text)};
  font-weight: ${({ $active }) => ($active ? 700 : 500)};
  cursor: pointer;
  transition:
    background-color 0.15s ease,
    border-color 0.15s ease;
  &:hover {
    border-color: ${({ theme }) => accentFill(theme).background};
  }
  ${focusRing}
`;

/** The wide-screen view: a group of pressed/unpressed chips, すべて first. */
export function CategoryChips({ choices, selected, onSelect, label, className }: ViewProps) {
  return (
    <Chips role="group" aria-label={label} className={className}>
      {choices.map((choice) => {
        const active = choice.value === selected;
        return (
          <Chip
            key={choice.key}
            type="button"
            $active={active}
            aria-pressed={active}
            onClick={() => onSelect(choice.value)}
          >
            {choice.text}
          </Chip>
        );
      })}
    </Chips>
  );
}
