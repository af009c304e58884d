import { useEffect, useEffectEvent, useId, useRef } from 'react';
import styled from 'styled-components';
import { controlLook } from '../../forms/controlStyles';
import { VisuallyHidden } from '../VisuallyHidden';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible label (visually hidden; the placeholder is not a label). */
  label?: string;
  className?: string;
}

const Field = styled.div`
  position: relative;
  width: 100%;
`;

const Icon = styled.svg`
  position: absolute;
  top: 50%;
  left: 16px;
  width: 18px;
  height: 18px;
  transform: translateY(-50%);
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
`;

const Input = styled.input`
  ${controlLook}
  padding-left: 44px;
  font-size: 1rem;
`;

/** A labelled search field; filtering happens as the user types (matching is the caller's job). */
export function SearchBox({ value, onChange, placeholder, label = '検索', className }: SearchBoxProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Text typed into the server-rendered field before the page hydrated stays in the field, but
  // the page's state never heard of it: it is taken over once, so the list matches the field.
  const adoptShownText = useEffectEvent(() => {
    const shown = inputRef.current?.value ?? '';
    if (shown !== value) onChange(shown);
  });
  useEffect(() => adoptShownText(), []);
  return (
    <Field className={className} role="search">
      <VisuallyHidden as="label" htmlFor={id}>
        {label}
      </VisuallyHidden>
      <Icon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </Icon>
      <Input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
