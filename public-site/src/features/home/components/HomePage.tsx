import { useDocumentTitle } from 'shared-ui';
import { Hero } from './Hero';
import { ProblemSection } from './ProblemSection';
import { SolutionSection } from './SolutionSection';
import { LatestArticles } from './LatestArticles';
import { ClosingCta } from './ClosingCta';
import { FloatingFriendButton } from './FloatingFriendButton';

/** / — hero, PROBLEM, SOLUTION, CONTENTS, closing call to action (spec section 2). */
export function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <Hero />
      <ProblemSection />
      <SolutionSection />
      <LatestArticles />
      <ClosingCta />
      <FloatingFriendButton />
    </>
  );
}
