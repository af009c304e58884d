import { findArea, isBusinessSidebarPath, isOpenToReleaseTeams } from './areas';

describe('route ownership', () => {
  it.each([
    ['/', 'public_site'],
    ['/about', 'public_site'],
    ['/contents', 'public_site'],
    ['/contents/ai-basics', 'public_site'],
    ['/articles', 'public_site'],
    ['/articles/some-slug', 'public_site'],
    ['/privacy', 'public_site'],
    ['/terms', 'public_site'],
    ['/business/dashboard', 'business_portal'],
    ['/business/articles/x', 'business_portal'],
    ['/profile', 'business_portal'],
    ['/admin', 'admin_console'],
    ['/admin/articles/edit/3', 'admin_console'],
  ])('%s belongs to %s', (path, remote) => {
    expect(findArea(path)?.remote).toBe(remote);
  });

  it.each(['/business/login', '/business/register', '/not-found', '/unknown', '/about/extra', '/privacy/x'])(
    '%s is rendered by the shell',
    (path) => {
      expect(findArea(path)).toBeNull();
    },
  );

  it('guards business pages for signed-in users and the admin area for admins', () => {
    expect(findArea('/business/settings')?.guard).toBe('signedIn');
    expect(findArea('/profile')?.guard).toBe('signedIn');
    expect(findArea('/admin/users')?.guard).toBe('admin');
    expect(findArea('/articles')?.guard).toBe('none');
  });

  it('opens only the リリース page of the admin area to release teams', () => {
    const openToTeams = (path: string) => isOpenToReleaseTeams(findArea(path)!, path);
    expect(openToTeams('/admin/releases')).toBe(true);
    expect(openToTeams('/admin/releases/')).toBe(true);
    for (const path of ['/admin', '/admin/articles', '/admin/users', '/admin/settings', '/admin/releases-x'])
      expect(openToTeams(path)).toBe(false);
    expect(openToTeams('/business/dashboard')).toBe(false);
  });

  it('leaves room for the sidebar on business pages except login/register', () => {
    expect(isBusinessSidebarPath('/business/dashboard')).toBe(true);
    expect(isBusinessSidebarPath('/business/login')).toBe(false);
    expect(isBusinessSidebarPath('/business/register')).toBe(false);
    expect(isBusinessSidebarPath('/profile')).toBe(false);
    expect(isBusinessSidebarPath('/articles')).toBe(false);
    // The spec's "path contains /business" read as a segment: a public page's slug is not the business area.
    expect(isBusinessSidebarPath('/contents/business-ai')).toBe(false);
  });
});
