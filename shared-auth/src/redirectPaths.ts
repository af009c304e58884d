import { paths } from 'shared-core';

/**
 * Where sign-in sends people (spec section 4). Paths are app-local (`/x?y`); comparisons use the
 * pathname so that a query string never defeats a rule.
 */
const pathnameOf = (path: string) => path.split(/[?#]/, 1)[0] ?? path;

/** Same-origin absolute paths only: `//host` and `/\host` would leave the site on a full reload. */
export function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The page sign-in started from; the home and login pages stand for the dashboard. */
export function redirectPathForSignIn(currentPath: string): string {
  const pathname = pathnameOf(currentPath);
  if (!isLocalPath(currentPath) || pathname === paths.home || pathname === paths.businessLogin) {
    return paths.businessDashboard;
  }
  return currentPath;
}

/** After a successful sign-in: the saved path unless it is empty, / or the login page. */
export function postSignInTarget(savedPath: string | null | undefined): string {
  if (!savedPath || !isLocalPath(savedPath)) return paths.businessDashboard;
  const pathname = pathnameOf(savedPath);
  return pathname === paths.home || pathname === paths.businessLogin ? paths.businessDashboard : savedPath;
}

/** The guard remembers where a signed-out visitor wanted to go, except home and the login page. */
export function isRememberablePath(path: string): boolean {
  const pathname = pathnameOf(path);
  return isLocalPath(path) && pathname !== paths.home && pathname !== paths.businessLogin;
}

/** A signed-in user who lands here with no saved path is sent on to the dashboard. */
export function isSignedInLandingPath(pathname: string): boolean {
  return pathname === paths.home || pathname === paths.businessLogin;
}
