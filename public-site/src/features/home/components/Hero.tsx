import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from 'shared-core';
import { Container, fonts, media } from 'shared-ui';
import { ActionButton } from '../../../components/ActionButton';
import { LineFriendButton } from '../../../components/LineFriendButton';
import { LogoMark } from './LogoMark';
import { ChatPreview } from './ChatPreview';

const Band = styled.section`
  position: relative;
  overflow: hidden;
  padding: 72px 0 88px;
  background:
    radial-gradient(circle at 12% 20%, rgba(88, 52, 173, 0.16), transparent 45%),
    radial-gradient(circle at 88% 70%, rgba(44, 200, 172, 0.18), transparent 45%),
    ${({ theme }) => theme.colors.background};
  ${media.tablet} {
    padding: 48px 0 56px;
  }
`;

const Layout = styled(Container)`
  display: grid;
  grid-template-columns: 1.15fr 0.85fr;
  align-items: center;
  gap: 48px;
  ${media.tablet} {
    grid-template-columns: 1fr;
    text-align: center;
  }
`;

const Tagline = styled.h1`
  margin: 24px 0 16px;
  font-family: ${fonts.body};
  font-size: clamp(2rem, 5vw, 3.25rem);
  font-weight: 800;
  line-height: 1.35;
`;

const Lead = styled.p`
  margin: 0 0 12px;
  font-size: clamp(1.0625rem, 2.2vw, 1.375rem);
  font-weight: 700;
`;

const Description = styled.p`
  margin: 0 0 32px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  ${media.tablet} {
    justify-content: center;
  }
`;

/** On small screens the floating button takes over the add-friend call. */
const HeroFriendButton = styled(LineFriendButton)`
  ${media.tablet} {
    display: none;
  }
`;

const Illustration = styled.div`
  ${media.tablet} {
    display: none;
  }
`;

/** The first screen: logo, tagline, add-friend button and a glimpse of learning by chat. */
export function Hero() {
  return (
    <Band aria-labelledby="hero-title">
      <Layout>
        <div>
          <LogoMark />
          <Tagline id="hero-title">
            気づいた人は、
            <br />
            もう始めている。
          </Tagline>
          <Lead>LINEで気軽にAIを学ぶなら、AIまなび。</Lead>
          <Description>
            忙しい毎日でも、いつものLINEでAIの基本から仕事・副業での活かし方まで。やさしい解説と質問し放題のAIチャットで、今日から一歩を踏み出しましょう。
          </Description>
          <Actions>
            <HeroFriendButton />
            <ActionButton as={Link} to={paths.articles} $variant="secondary">
              AIの記事を読む
            </ActionButton>
          </Actions>
        </div>
        <Illustration aria-hidden="true">
          <ChatPreview />
        </Illustration>
      </Layout>
    </Band>
  );
}
