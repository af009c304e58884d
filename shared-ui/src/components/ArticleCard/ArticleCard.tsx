import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { fonts } from 'shared-context';
import { accentFill, accentText } from '../accent';
import { CardImage, type CardImageSource } from './CardImage';

/** Seconds between the entrance of consecutive cards (spec section 9). */
export const CARD_STAGGER_SECONDS = 0.12;

/**
 * Cards that enter with the stagger: the first screen at any width (up to three columns, two rows).
 * A card further down has finished its entrance before anyone scrolls to it, and each moving card
 * kept the main thread busy for the whole stagger: off-screen cards (content-visibility: auto)
 * were restyled and laid out again as they moved: 535–673 ms of main-thread style and layout on
 * /articles' 21 cards at 4× CPU, 113–164 ms with six moving (docs/server-rendering.md).
 */
export const CARD_ENTRANCE_COUNT = 6;

/** The height an off-screen card stands in with before it is first laid out (see CardFrame). */
const CARD_PLACEHOLDER_HEIGHT = 450;

export interface ArticleCardProps {
  /** Site path the card opens. */
  href: string;
  title: string;
  image?: CardImageSource | null;
  /** 'eager' for cards above the fold, 'lazy' (default) for the rest. */
  loading?: 'lazy' | 'eager';
  /** Show '画像なし' when there is no image (otherwise the card has no image area). */
  showImagePlaceholder?: boolean;
  category?: string;
  /** The date as displayed, e.g. 2025年5月30日. */
  dateLabel?: string;
  /** The same date machine-readable (YYYY-MM-DD) for <time>. */
  dateTime?: string;
  /** Plain text; clamped to three lines. */
  excerpt?: string;
  /** Call to action shown at the foot, e.g. 続きを読む. */
  ctaText?: string;
  /**
   * Position in a list whose cards enter staggered: the entrance starts index × 0.12 s later (the
   * first six only). Without it the card has no entrance of its own, for cards that stand below the
   * first screen when the page opens (the home page's, in a section that reveals itself on scroll;
   * an article's related ones): an entrance there runs unseen and costs main-thread frames.
   */
  index?: number;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

// Movement only: a card is painted from the first frame (the server's HTML shows at once and
// counts as painted content), then settles into place, staggered by its index.
const riseIn = keyframes`
  from { transform: translateY(24px); }
  to { transform: none; }
`;

// Everything but the delay: one class that every card shares, so a page of 21 cards carries these
// rules once (with the delay inside, each index had its own copy: 20 KB of the list page's CSS).
const CardFrame = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.06);
  transition:
    transform 0.2s ease,
    box-shadow 0.2s ease;
  animation: ${riseIn} 0.6s ease both;
  /* A card away from the screen is neither laid out nor painted until it comes near: the 21 cards
     of Japanese text on /articles were most of a phone's layout work after the first paint. Until
     then it holds a card's usual height (≈ 440–465 px at every width); once shown, the browser
     remembers its real one (auto). The block size only: an intrinsic width would widen the grid's
     single phone column. */
  content-visibility: auto;
  contain-intrinsic-block-size: auto ${CARD_PLACEHOLDER_HEIGHT}px;

  &:hover {
    transform: translateY(-4px);
    box-shadow: 0 12px 28px rgba(0, 0, 0, 0.12);
  }
  &:hover img {
    transform: scale(1.04);
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.secondary};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
    &:hover {
      transform: none;
    }
    &:hover img {
      transform: none;
    }
  }
`;

// The delay is a class, not a style attribute: the CSP refuses style attributes in the server's
// HTML. Extending CardFrame puts both classes on the one element, the delay's rule after the
// frame's `animation` shorthand. Past the first screen's cards, and for a card without an index,
// no entrance (null).
const Card = styled(CardFrame)<{ $delay: string | null }>`
  ${({ $delay }) => ($delay === null ? 'animation: none;' : `animation-delay: ${$delay};`)}
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 10px;
  padding: 20px;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Badge = styled.span`
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  background: ${({ theme }) => accentFill(theme).background};
  color: ${({ theme }) => accentFill(theme).color};
`;

const Title = styled.h3`
  margin: 0;
  font-family: ${fonts.heading};
  font-size: 1.125rem;
  line-height: 1.5;

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  /* The title link covers the whole card, so the card is one click target and one tab stop. */
  a::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  a:focus-visible {
    outline: none;
  }
`;

const Excerpt = styled.p`
  margin: 0;
  font-size: 0.9375rem;
  line-height: 1.7;
  color: ${({ theme }) => theme.colors.textMuted};
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;
  overflow: hidden;
`;

const Cta = styled.span`
  margin-top: auto;
  padding-top: 6px;
  font-weight: 700;
  font-size: 0.9375rem;
  color: ${({ theme }) => accentText(theme)};
`;

/** A clickable teaser: image, category badge, date, title, three-line excerpt and a call to action. */
export function ArticleCard({
  href,
  title,
  image,
  loading = 'lazy',
  showImagePlaceholder = false,
  category,
  dateLabel,
  dateTime,
  excerpt,
  ctaText,
  index,
  headingLevel = 3,
  className,
}: ArticleCardProps) {
  const delay =
    index !== undefined && index < CARD_ENTRANCE_COUNT ? `${(index * CARD_STAGGER_SECONDS).toFixed(2)}s` : null;
  const hasMeta = Boolean(category || dateLabel);
  return (
    <Card className={className} $delay={delay}>
      <CardImage image={image} loading={loading} showPlaceholder={showImagePlaceholder} />
      <Body>
        {hasMeta && (
          <Meta>
            {category && <Badge>{category}</Badge>}
            {dateLabel && <time dateTime={dateTime}>{dateLabel}</time>}
          </Meta>
        )}
        <Title as={`h${headingLevel}`}>
          <Link to={href}>{title}</Link>
        </Title>
        {excerpt && <Excerpt>{excerpt}</Excerpt>}
        {ctaText && <Cta aria-hidden="true">{ctaText} →</Cta>}
      </Body>
    </Card>
  );
}
