import { useEffect, useId, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { breakpoints, useHydrated } from 'shared-context';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { accentFill } from '../accent';

/** The label of the "no filter" choice, always offered first (spec section 5). */
export const ALL_CATEGORIES_LABEL = 'すべて';

export interface CategoryFilterProps {
  /** The distinct categories, without the "all" choice. */
  categories: readonly string[];
  /** The chosen category; null means すべて. */
  selected: string | null;
  onSelect: (category: string | null) => void;
  /** Names the group, and is the dropdown's button text on small screens (e.g. 記事タグ). */
  label: string;
  /** At 768 px and below, collapse the chips into a dropdown (default true). */
  mobileDropdown?: boolean;
  className?: string;
}

interface Choice {
  key: string;
  text: string;
  value: string | null;
}

const chipLook = css<{ $active: boolean }>`
  min-height: 40px;
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
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Chip = styled.button<{ $active: boolean }>`
  ${chipLook}
`;

const Dropdown = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  width: 100%;
  min-height: 44px;
  padding: 10px 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
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

const narrowScreen = `(max-width: ${breakpoints.tablet}px)`;

// Server HTML and hydration hold both views and CSS shows the one for the screen: the server
// cannot know the width, and a view swapped after hydration would move the page (layout shift).
const WideOnly = styled.div`
  display: contents;
  @media ${narrowScreen} {
    display: none;
  }
`;

const NarrowOnly = styled.div`
  display: none;
  @media ${narrowScreen} {
    display: contents;
  }
`;

/**
 * Category chips on wide screens; at 768 px and below a dropdown button (label + current choice)
 * that toggles the list and closes after a choice, on Escape or on a click outside.
 */
export function CategoryFilter({
  categories,
  selected,
  onSelect,
  label,
  mobileDropdown = true,
  className,
}: CategoryFilterProps) {
  const hydrated = useHydrated();
  const narrow = useMediaQuery(narrowScreen);
  const choices: Choice[] = [
    { key: '__all__', text: ALL_CATEGORIES_LABEL, value: null },
    ...categories.map((category) => ({ key: category, text: category, value: category })),
  ];
  const props = { choices, selected, onSelect, label, className };
  if (!mobileDropdown) return <CategoryChips {...props} />;
  if (!hydrated) {
    return (
      <>
        <WideOnly>
          <CategoryChips {...props} />
        </WideOnly>
        <NarrowOnly>
          <CategoryDropdown {...props} />
        </NarrowOnly>
      </>
    );
  }
  return narrow ? <CategoryDropdown {...props} /> : <CategoryChips {...props} />;
}

interface ViewProps {
  choices: Choice[];
  selected: string | null;
  onSelect: (category: string | null) => void;
  label: string;
  className?: string;
}

function CategoryChips({ choices, selected, onSelect, label, className }: ViewProps) {
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

function CategoryDropdown({ choices, selected, onSelect, label, className }: ViewProps) {
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
