import { useEffect, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useAuth } from 'shared-auth';
import { NO_PREVIEW, getPreviewState, resetPreview, subscribeToPreview, syncPreview } from './preview';

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
 * Applies an admin's preview overrides once Firebase confirms the admin (rendered before the
 * layout, so this runs before the admin area loads) and names every active or refused override
 * with a one-click reset.
 */
export function PreviewBanner() {
  const { currentUser, isAdmin, loading } = useAuth();
  const confirmedAdmin = !loading && currentUser !== null && isAdmin;
  const { active, refused } = useSyncExternalStore(subscribeToPreview, getPreviewState, () => NO_PREVIEW);

  useEffect(() => {
    syncPreview(confirmedAdmin);
  }, [confirmedAdmin]);

  const activeEntries = Object.entries(active);
  if (!activeEntries.length && !refused.length) return null;
  return (
    <Bar aria-label="リモートのプレビュー">
      {activeEntries.map(([remote, url]) => (
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
