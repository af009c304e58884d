/** Seed content (entry `shared-articles/seed`): imported by article-api and build scripts only, never by a browser bundle. */
export { seedArticles } from './articles';
export { seedBusinessArticles } from './business';
export { contentItems } from './contents';
export { youtubeEmbed } from './youtube';
