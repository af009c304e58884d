import type { ReactNode } from 'react';
import styled from 'styled-components';

type Tone = 'error' | 'success' | 'info';

const Box = styled.div<{ $tone: Tone }>`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 16px;
  border-radius: 8px;
  line-height: 1.5;
  color: #fff;
  background: ${({ $tone }) => ($tone === 'error' ? '#b3261e' : $tone === 'success' ? '#1e7b34' : '#3b3b98')};
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.18);
`;

const Close = styled.button`
  margin-left: auto;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
`;

interface BannerProps {
  tone: Tone;
  children: ReactNode;
  onClose?: () => void;
  className?: string;
}

/** An error (role=alert) or status message, optionally dismissible. */
export function Banner({ tone, children, onClose, className }: BannerProps) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'} className={className}>
      <span>{children}</span>
      {onClose && (
        <Close type="button" onClick={onClose} aria-label="閉じる">
          ×
        </Close>
      )}
    </Box>
  );
}
