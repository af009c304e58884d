/**
 * The article service as the reliability tests call it directly (outside any page): an admin ID
 * token from the Auth emulator's REST API, then creates and deletes through POST/DELETE.
 */
import { emulatorGoogleSignIn } from './auth';
import { browserLikeFetch } from './browserLikeFetch';
import { paced } from './pace';

export const API = 'http://localhost:3001/api';
/** The shared stack's shell, which renders the public lists from API. */
const SHARED_SHELL = 'http://localhost:3000';

export interface CreatedArticle {
  id: number;
  slug: string;
  title: string;
  content: string;
}

export interface ArticleDraft {
  title: string;
  content: string;
  slug?: string;
  category?: string;
  date?: string;
  articleType?: string;
}

/** A Google sign-in at the emulator (unsigned claims), as the pop-up would do; returns the ID token. */
export async function idTokenFor(email: string, displayName = 'テスト ユーザー'): Promise<string> {
  return (await emulatorGoogleSignIn({ email, displayName })).idToken;
}

export const adminIdToken = () => idTokenFor('admin@example.com', '管理者 花子');

export async function createArticle(token: string, draft: ArticleDraft, api = API): Promise<CreatedArticle> {
  const response = await fetch(`${api}/articles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ category: 'AIニュース', date: '2025-10-01', ...draft }),
  });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreatedArticle;
}

/**
 * Deletes an article; from the shared API, it also waits until the shared shell's lists no longer
 * link it. Their page cache serves a list from before a write for one more load while the new
 * render passes 250 ms (stale while revalidating, docs/server-rendering.md), and a file after this
 * one in its lane may open the list's first article: a test leaves the site as it found it, as served.
 */
export async function deleteArticle(token: string, id: number, api = API): Promise<void> {
  const listed = api === API ? await fetch(`${api}/articles/${id}`) : null;
  const slug = listed?.ok ? ((await listed.json()) as CreatedArticle).slug : null;
  const response = await fetch(`${api}/articles/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 204 && response.status !== 404) throw new Error(`delete failed: ${response.status}`);
  if (slug) await untilUnlisted(slug);
}

async function untilUnlisted(slug: string): Promise<void> {
  const link = `href="/articles/${slug}"`;
  const limitMs = paced(30_000);
  const deadline = Date.now() + limitMs;
  for (;;) {
    const pages = await Promise.all(
      ['/', '/articles'].map(async (path) => (await browserLikeFetch(`${SHARED_SHELL}${path}`)).text()),
    );
    if (!pages.some((html) => html.includes(link))) return;
    if (Date.now() > deadline) throw new Error(`the shared shell still lists /articles/${slug} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
