import type { Article } from '../../types';
import { beginnerArticles } from './beginners';
import { dailyLifeArticles } from './dailyLife';
import { sideIncomeArticles } from './sideIncome';
import { aiAtWorkArticles } from './aiAtWork';
import { newsArticles } from './news';

/**
 * The 21 public articles the service starts with (ids 1–6 and 8–22; id 7 was retired and stays
 * absent), one file a category, listed here in id order. article-api seeds its database from this
 * list on first start.
 */
export const seedArticles: Article[] = [
  ...beginnerArticles,
  ...dailyLifeArticles,
  ...sideIncomeArticles,
  ...aiAtWorkArticles,
  ...newsArticles,
].sort((a, b) => a.id - b.id);
