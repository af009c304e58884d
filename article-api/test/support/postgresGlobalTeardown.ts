/** globalTeardown of the article-api-postgres Jest project: stops the server and removes its files. */
export default async function stopTestPostgres(): Promise<void> {
  await globalThis.articleApiTestPostgres?.stop();
}
