import styled from 'styled-components';
import { resetPreview, type PreviewState } from './preview';

const Bar = styled.aside`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 1200;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 10px 16px;
  background: #1c1c1e;
  color: #fff;
  font-size: 0.875rem;
  line-height: 1.5;
  box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.25);
`;

const Line = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Refused = styled(Line)`
  color: #ffb4ab;
`;

const Reset = styled.button`
  margin-left: auto;
  padding: 4px 14px;
  border: 1px solid #fff;
  border-radius: 999px;
  background: transparent;
  color: #fff;
  font: inherit;
  cursor: pointer;
`;

/**
 * The banner of an admin's preview (./PreviewBanner.tsx): every active or refused override and a
 * one-click reset. A chunk of its own: only an admin with a preview ever sees it, so it is not
 * part of every visitor's first download.
 */
export function PreviewBar({ active, refused }: PreviewState) {
  return (
    <Bar aria-label="リモートのプレビュー">
      {Object.entries(active).map(([remote, url]) => (
        <Line key={remote}>
          プレビュー中: {remote} → {url}
        </Line>
      ))}
      {refused.map((refusal) => (
        <Refused key={`${refusal.remote}→${refusal.url}`} role="alert">
          プレビューを拒否しました: {refusal.remote} → {refusal.url}（{refusal.reason}）
        </Refused>
      ))}
      <Reset type="button" onClick={resetPreview}>
        リセット
      </Reset>
    </Bar>
  );
}
