import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { controlSize, focusRing } from '../../forms/controlStyles';
import { accentFill } from '../accent';
import type { ViewProps } from './views';

const Dropdown = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  width: 100%;
  min-height: ${controlSize.height}px;
  padding: 10px 16px;
  border-radius: ${controlSize.radius}px;
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  ${focusRing}
`;

const Current = styled.span`
  margin-left: auto;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  transition: transform 0.2s ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

const Menu = styled.ul`
  position: absolute;
  z-index: 20;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  margin: 0;
  padding: 6px;
  list-style: none;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 12px 28px rgba(0, 0, 0, 0.18);
  max-height: 60vh;
  overflow-y: auto;
`;

const MenuItem = styled.button<{ $active: boolean }>`
  display: block;
  width: 100%;
  min-height: 44px;
  padding: 10px 14px;
  border: 0;
  border-radius: 8px;
  text-align: left;
  background: ${({ theme, $active }) => ($active ? accentFill(theme).background : 'transparent')};
  color: ${({ theme, $active }) => ($active ? accentFill(theme).color : theme.colors.text)};
  font-weight: ${({ $active }) => ($active ? 700 : 500)};
  cursor: pointer;
`;

/**
 * The narrow-screen view: a button (label + current choice) that toggles the list of choices and
 * closes it after a choice, on Escape or on a press outside.
 */
export function CategoryDropdown({ choices, selected, onSelect, label, className }: ViewProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const current = choices.find((choice) => choice.value === selected)?.text ?? choices[0]?.text;

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const choose = (value: string | null) => {
    onSelect(value);
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <Dropdown ref={rootRef} className={className}>
      <Toggle
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span>{label}</span>
        <Current>{current}</Current>
        <Chevron $open={open} aria-hidden="true">
          ▾
        </Chevron>
      </Toggle>
      <Menu id={menuId} aria-label={label} hidden={!open}>
        {choices.map((choice) => {
          const active = choice.value === selected;
          return (
            <li key={choice.key}>
              <MenuItem type="button" $active={active} aria-pressed={active} onClick={() => choose(choice.value)}>
                {choice.text}
              </MenuItem>
            </li>
          );
        })}
      </Menu>
    </Dropdown>
  );
}
