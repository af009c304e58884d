import styled from 'styled-components';
import { fonts, media } from 'shared-ui';
import { LineFriendButton } from '../../../components/LineFriendButton';

const Box = styled.aside`
  margin: 56px 0 0;
  padding: 40px 32px;
  border-radius: 20px;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ theme }) => theme.colors.line};
  ${media.phone} {
    padding: 28px 20px;
  }
`;

const Title = styled.h2`
  margin: 0 0 12px;
  font-family: ${fonts.heading};
  font-size: 1.375rem;
`;

const Text = styled.p`
  margin: 0 0 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The invitation to add the LINE account, closing every article. */
export function FriendPromo() {
  return (
    <Box aria-labelledby="friend-promo-title">
      <Title id="friend-promo-title">AIの学びは、LINEでもっと手軽に</Title>
      <Text>
        友だち追加すると、やさしいAI解説記事が定期的に届き、分からないことはAIチャットボットにいつでも質問できます。
      </Text>
      <LineFriendButton>LINEで友だち追加する</LineFriendButton>
    </Box>
  );
}
