/**
 * The article service as the reliability tests call it directly (outside any page): an admin ID
 * token from the Auth emulator's REST API, then creates and deletes through POST/DELETE.
 */
import { emulatorGoogleSignIn } from './auth';

export const API = 'http://localhost:3001/api';

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

export async function deleteArticle(token: string, id: number, api = API): Promise<void> {
  const response = await fetch(`${api}/articles/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 204 && response.status !== 404) throw new Error(`delete failed: ${response.status}`);
}
