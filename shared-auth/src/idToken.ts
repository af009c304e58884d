import { firebaseSessionLoader } from './sessionLoader';

/**
 * The signed-in user's ID token for `Authorization: Bearer`, or null when signed out. Usable
 * outside React, e.g. `createArticleClient({ baseUrl, getIdToken })` in a remote's api module.
 */
export function getIdToken(): Promise<string | null> {
  return firebaseSessionLoader
    .load()
    .then((session) => session.getIdToken())
    .catch(() => null);
}
