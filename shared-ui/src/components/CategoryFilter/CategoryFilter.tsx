import styled from 'styled-components';
import { breakpoints, useHydrated } from 'shared-context';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { CategoryChips } from './CategoryChips';
import { CategoryDropdown } from './CategoryDropdown';
import type { Choice } from './views';

/** The label of the "no filter" choice, always offered first (spec section 5). */
export const ALL_CATEGORIES_LABEL = 'すべて';

export interface CategoryFilterProps {
  /** The distinct categories, without the "all" choice. */
  categories: readonly string[];
  /** The chosen category; null means すべて. */
  selected: string | null;
  onSelect: (category: string | null) => void;
  /** Names the group, and is the dropdown's button text on small screens (e.g. 記事タグ). */
  label: string;
  /** At 768 px and below, collapse the chips into a dropdown (default true). */
  mobileDropdown?: boolean;
  className?: string;
}

type Screen = 'wide' | 'narrow';

const narrowScreen = `(max-width: ${breakpoints.tablet}px)`;

/**
 * Holds the view for one kind of screen; CSS shows it on that screen. `data-shown`, set once the
 * page has hydrated, says the same from script (the same media query) and wins over the media
 * rule: environments without width media queries (jsdom) then show the right view too.
 */
const ScreenView = styled.div<{ $screen: Screen }>`
  display: ${({ $screen }) => ($screen === 'wide' ? 'contents' : 'none')};
  @media ${narrowScreen} {
    display: ${({ $screen }) => ($screen === 'narrow' ? 'contents' : 'none')};
  }
  &&[data-shown='true'] {
    display: contents;
  }
  &&[data-shown='false'] {
    display: none;
  }
`;

/**
 * Category chips on wide screens; at 768 px and below a dropdown button (label + current choice)
 * that toggles the list and closes after a choice, on Escape or on a click outside.
 *
 * Both views are always rendered, and CSS shows the one for the screen: the server cannot know the
 * width, and the tree has to stay the same from the server's HTML through hydration and after.
 * A view swapped in once hydrated would replace the elements a visitor tapped before hydration
 * (the shell replays such taps after hydrating, and the replay would act on the discarded view:
 * the dropdown would stay shut) and would move the page. After hydration only an attribute changes.
 */
export function CategoryFilter({
  categories,
  selected,
  onSelect,
  label,
  mobileDropdown = true,
  className,
}: CategoryFilterProps) {
  const hydrated = useHydrated();
  const narrow = useMediaQuery(narrowScreen);
  const choices: Choice[] = [
    { key: '__all__', text: ALL_CATEGORIES_LABEL, value: null },
    ...categories.map((category) => ({ key: category, text: category, value: category })),
  ];
  const props = { choices, selected, onSelect, label, className };
  if (!mobileDropdown) return <CategoryChips {...props} />;
  // Undefined on the server and while hydrating (no width known): the media rule alone decides.
  const shown = (screen: Screen) => (hydrated ? String((screen === 'narrow') === narrow) : undefined);
  return (
    <>
      <ScreenView $screen="wide" data-shown={shown('wide')}>
        <CategoryChips {...props} />
      </ScreenView>
      <ScreenView $screen="narrow" data-shown={shown('narrow')}>
        <CategoryDropdown {...props} />
      </ScreenView>
    </>
  );
}
