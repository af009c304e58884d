import styled from 'styled-components';
import { paths } from 'shared-core';
import { Container, Reveal, accentText, fonts, media, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import dividerUrl from '../../../assets/about-divider.svg';
import { BackLink } from '../../../components/BackLink';

const Page = styled(Container)`
  max-width: 880px;
  padding-bottom: 80px;
`;

const Block = styled(Reveal)`
  margin-bottom: 56px;

  h2 {
    margin: 0 0 16px;
    font-family: ${fonts.heading};
    font-size: 1.5rem;
  }
  p {
    margin: 0 0 1em;
    line-height: 1.9;
  }
`;

const ServiceName = styled.p`
  font-size: 1.75rem;
  font-weight: 800;
  color: ${({ theme }) => accentText(theme)};
`;

const Divider = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 5 / 1;
  margin: 0 0 56px;
  border-radius: 24px;
`;

const Statements = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 24px;
  margin-bottom: 56px;
  ${media.tablet} {
    grid-template-columns: 1fr;
  }
`;

const Statement = styled(Reveal)`
  padding: 32px 28px;
  border-radius: 20px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 12px;
    font-family: ${fonts.heading};
    font-size: 0.9375rem;
    letter-spacing: 0.2em;
    text-transform: uppercase;
    color: ${({ theme }) => accentText(theme)};
  }
  p {
    margin: 0;
  }
  strong {
    display: block;
    margin-bottom: 12px;
    font-size: 1.25rem;
    line-height: 1.5;
  }
`;

/** /about — who we are, why, and where we are going. */
export function AboutPage() {
  useDocumentTitle('私たちについて');
  return (
    <Page>
      <PageHeader size="large" title="私たちについて" lead="AIを、すべての人の味方に。" />

      <Block forwardedAs="section" aria-labelledby="about-name">
        <h2 id="about-name">サービス名</h2>
        <ServiceName>AIまなび</ServiceName>
        <p>
          AIまなびは、LINEの公式アカウントで生成AIを学べるAIメディアサービスです。チャットでの学習、定期的な記事の配信、そして質問にいつでも答えるAIチャットボットで、AI初心者の方の「分からない」に寄り添います。
        </p>
      </Block>

      <Block forwardedAs="section" aria-labelledby="about-thoughts">
        <h2 id="about-thoughts">私たちの想い</h2>
        <p>
          生成AIは、一部の専門家だけのものではなくなりました。文章を書く、調べものをする、アイデアを考える——そんな毎日の仕事や暮らしの中で、AIは誰にとっても頼れる相棒になり得ます。
        </p>
        <p>
          それでも「難しそう」「自分には関係ない」と感じて、最初の一歩を踏み出せない方はたくさんいます。私たちは、そうした方が気軽に、楽しく、自分のペースでAIに触れられる場所をつくりたいと考えています。
        </p>
      </Block>

      <Block forwardedAs="section" aria-labelledby="about-why">
        <h2 id="about-why">なぜAIまなびが必要なのか</h2>
        <p>
          AIの進化はとても速く、情報はあふれています。忙しい毎日の中で、本や講座で体系的に学ぶ時間を確保するのは簡単ではありません。その結果、「AIについていけない」という不安だけが大きくなってしまいます。
        </p>
        <p>
          AIまなびは、多くの方が毎日開くLINEで学べるようにすることで、この壁を取り払います。スキマ時間に読めるやさしい記事と、何度でも質問できるAIチャットボットがあれば、誰でも無理なく学び続けられます。
        </p>
      </Block>

      <Divider src={dividerUrl} alt="" width={1200} height={240} loading="lazy" decoding="async" />

      <Statements>
        <Statement forwardedAs="section" aria-labelledby="about-mission">
          <h2 id="about-mission">Mission</h2>
          <strong>日本のAIリテラシーを底上げする</strong>
          <p>年齢や職業、ITの得意・不得意にかかわらず、誰もがAIを正しく理解し、安心して使える社会をめざします。</p>
        </Statement>
        <Statement forwardedAs="section" aria-labelledby="about-vision">
          <h2 id="about-vision">Vision</h2>
          <strong>AIを使いこなす人を増やし、日本の生産性と経済を成長させる</strong>
          <p>
            AIを味方にできる人が増えるほど、一人ひとりの仕事は効率的になり、新しい価値が生まれ、日本経済の成長につながると信じています。
          </p>
        </Statement>
      </Statements>

      <BackLink to={paths.home}>ホームに戻る</BackLink>
    </Page>
  );
}
