import styled from 'styled-components';

const Phone = styled.div`
  width: min(320px, 100%);
  margin: 0 auto;
  padding: 20px 16px 28px;
  border-radius: 36px;
  border: 10px solid ${({ theme }) => (theme.mode === 'dark' ? '#3a3a3c' : '#1c1c1e')};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#22303c' : '#8cabd8')};
  box-shadow: 0 24px 60px rgba(0, 0, 0, 0.25);
`;

const Bar = styled.div`
  margin: -4px 0 16px;
  text-align: center;
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => (theme.mode === 'dark' ? '#ffffff' : '#1c1c1e')};
`;

const Bubble = styled.p<{ $from: 'user' | 'ai' }>`
  max-width: 82%;
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: 18px;
  font-size: 0.875rem;
  line-height: 1.6;
  color: #1c1c1e;
  ${({ $from }) =>
    $from === 'user'
      ? 'margin-left: auto; background: #06c755; border-bottom-right-radius: 4px;'
      : 'background: #ffffff; border-bottom-left-radius: 4px;'}
`;

/** A decorative LINE-style conversation: what learning with the service looks like. */
export function ChatPreview() {
  return (
    <Phone>
      <Bar>AIまなび</Bar>
      <Bubble $from="user">ChatGPTって、仕事でどう使えばいいの？</Bubble>
      <Bubble $from="ai">まずはメールの下書きや議事録の要約がおすすめです。例文をお送りしますね！</Bubble>
      <Bubble $from="user">助かる！副業にも使えるかな？</Bubble>
      <Bubble $from="ai">もちろんです。今週の記事「AI副業の始め方」もどうぞ。</Bubble>
    </Phone>
  );
}
