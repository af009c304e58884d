import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: 40vh;
  padding: 24px;
`;

/** Rotates once a second, as the spec's 認証中... spinner does. */
const Circle = styled.span`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 1s linear infinite;
`;

export function Spinner({ label }: { label: string }) {
  return (
    <Wrapper role="status" aria-live="polite">
      <Circle aria-hidden="true" />
      <span>{label}</span>
    </Wrapper>
  );
}
