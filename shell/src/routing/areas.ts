import type { RemoteName } from '../remotes/registry';

export type Guard = 'none' | 'signedIn' | 'admin';

export interface Area {
  remote: RemoteName;
  guard: Guard;
  patterns: string[];
  /** Pages of an admin area a release-team member who is not an admin may open too. */
  releaseTeamPatterns?: string[];
}

/**
 * Route ownership (docs/architecture.md, "How a page arrives"): which remote renders which paths. The login and register
 * pages stay in the shell so the business remote is downloaded only after sign-in; every path
 * not listed here is the shell's 404. Patterns are exact paths or `prefix/*`.
 */
export const shellPages = ['/business/login', '/business/register', '/not-found'];

export const areas: Area[] = [
  {
    remote: 'public_site',
    guard: 'none',
    patterns: ['/', '/about', '/contents/*', '/articles/*', '/privacy', '/terms'],
  },
  { remote: 'business_portal', guard: 'signedIn', patterns: ['/business/*', '/profile'] },
  // The リリース page (docs/releasing.md): every other admin page stays admins-only.
  { remote: 'admin_console', guard: 'admin', patterns: ['/admin/*'], releaseTeamPatterns: ['/admin/releases'] },
];

/** Kept free of react-router: the entry uses it before the shared router is negotiated. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!pattern.endsWith('/*')) return path === pattern;
  const base = pattern.slice(0, -2);
  return path === base || path.startsWith(`${base}/`);
}

export function findArea(pathname: string): Area | null {
  if (shellPages.some((pattern) => matchesPattern(pattern, pathname))) return null;
  return areas.find((area) => area.patterns.some((pattern) => matchesPattern(pattern, pathname))) ?? null;
}

export const isOpenToReleaseTeams = (area: Area, pathname: string): boolean =>
  area.releaseTeamPatterns?.some((pattern) => matchesPattern(pattern, pathname)) ?? false;

/** Business pages with the sidebar (not login/register) leave room for its 280 px in the footer (docs/decisions.md). */
export function isBusinessSidebarPath(pathname: string): boolean {
  return findArea(pathname)?.remote === 'business_portal' && pathname.startsWith('/business');
}
