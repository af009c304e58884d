import { useId } from 'react';
import styled from 'styled-components';
import { focusRing } from 'shared-ui/forms';

interface ToggleSwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 14px 0;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Text = styled.div`
  display: grid;
  gap: 2px;
  label {
    font-weight: 700;
    cursor: pointer;
  }
`;

const Description = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A native checkbox (keyboard, forms and screen readers for free) drawn as a switch. */
const Switch = styled.input`
  appearance: none;
  flex: none;
  position: relative;
  width: 52px;
  height: 30px;
  margin: 0;
  border-radius: 999px;
  border: 2px solid ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.background};
  cursor: pointer;
  transition:
    background-color 0.2s ease,
    border-color 0.2s ease;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    transition:
      transform 0.2s ease,
      background-color 0.2s ease;
  }
  &:checked {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
  }
  &:checked::after {
    transform: translateX(22px);
    background: ${({ theme }) => theme.colors.onPrimary};
  }
  ${focusRing}
`;

export function ToggleSwitch({ label, description, checked, onChange }: ToggleSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <Row>
      <Text>
        <label htmlFor={id}>{label}</label>
        {description && <Description id={descriptionId}>{description}</Description>}
      </Text>
      <Switch
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </Row>
  );
}
