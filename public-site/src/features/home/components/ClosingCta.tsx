import styled from 'styled-components';
import { Container, Reveal, fonts, media } from 'shared-ui';
import { LineFriendButton } from '../../../components/LineFriendButton';

const Section = styled(Reveal)`
  padding: 0 0 96px;
  ${media.tablet} {
    padding-bottom: 72px;
  }
`;

const Panel = styled.div`
  padding: 56px 32px;
  border-radius: 24px;
  text-align: center;
  color: #fff;
  background: linear-gradient(135deg, #5834ad 0%, #3d2480 100%);
  ${media.phone} {
    padding: 40px 20px;
  }

  h2 {
    margin: 0 0 16px;
    font-family: ${fonts.body};
    font-size: clamp(1.375rem, 3.4vw, 2rem);
  }
  p {
    margin: 0 auto 32px;
    max-width: 36em;
  }
`;

/** The closing call to action. */
export function ClosingCta() {
  return (
    <Section forwardedAs="section" aria-labelledby="closing-title">
      <Container>
        <Panel>
          <h2 id="closing-title">今日から、AIをもっと身近に。</h2>
          <p>友だち追加は無料です。LINEでAIまなびを追加して、AIを学ぶ最初の一歩を踏み出しましょう。</p>
          <LineFriendButton />
        </Panel>
      </Container>
    </Section>
  );
}
