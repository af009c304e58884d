/** globalTeardown of a service's -postgres Jest project (article-api-postgres, release-service-postgres): stops the server and removes its files. */
export default async function stopTestPostgres(): Promise<void> {
  await globalThis.serviceTestPostgres?.stop();
}
