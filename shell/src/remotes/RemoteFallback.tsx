import styled from 'styled-components';
import { Button } from 'shared-ui';
import type { RemoteName } from './registry';

const areaLabels: Record<RemoteName, string> = {
  public_site: 'ページ',
  business_portal: '事業者ページ',
  admin_console: '管理画面',
};

const Box = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 80px 20px;
  text-align: center;
`;

/** Shown inside the layout when a remote cannot be loaded or crashes while rendering. */
export function RemoteFallback({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <Box role="alert" data-remote-fallback={remote}>
      <h1>{areaLabels[remote]}を表示できませんでした</h1>
      <p>通信状況を確認して、もう一度お試しください。</p>
      <Button type="button" onClick={onRetry}>
        再読み込み
      </Button>
    </Box>
  );
}
