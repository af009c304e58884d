// The newest articles asked of the service (with TanStack Query): a chunk of its own, loaded only
// when the page has no fresh served list (rendered in the browser, or revisited later).
import { Banner } from 'shared-ui';
import { useArticles } from '../../../lib/articles/queries';
import { withQueries } from '../../../lib/articles/withQueries';
import { LatestCards, LatestLoading } from './LatestCards';

function LatestFromQuery() {
  const { data, isPending, isError, error } = useArticles();
  if (isPending) return <LatestLoading />;
  if (isError) return <Banner tone="error">{error.message}</Banner>;
  return <LatestCards articles={data} />;
}

export default withQueries(LatestFromQuery);
