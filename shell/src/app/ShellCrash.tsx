import styled from 'styled-components';
import { Button } from 'shared-ui';

const Box = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 120px 20px;
  text-align: center;
`;

/** Last resort when the layout itself fails: a message and a full reload. */
export function ShellCrash() {
  return (
    <Box role="alert">
      <h1>問題が発生しました</h1>
      <p>ページを表示できませんでした。再読み込みしてください。</p>
      <Button type="button" onClick={() => window.location.reload()}>
        再読み込み
      </Button>
    </Box>
  );
}
