/**
 * Slug for an article created without one. Only titles written mostly in Latin letters and digits
 * give a readable slug ('ChatGPT Tips 2025' → 'chatgpt-tips-2025'); for a Japanese title the few
 * ASCII fragments ('ChatGPTの始め方10選' → 'chatgpt-10') would mislead, so it yields null and the
 * repository falls back to `article-<id>`.
 */
const MAX_GENERATED_SLUG = 80; // leaves room for a "-2" style suffix under the 100-character limit

export function slugFromTitle(title: string): string | null {
  const latin = title
    .normalize('NFKD') // full-width → ASCII, "é" → "e" + accent
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const visible = Array.from(latin.replace(/\s+/g, ''));
  const asciiAlphanumeric = visible.filter((char) => /[a-z0-9]/.test(char)).length;
  if (visible.length === 0 || asciiAlphanumeric / visible.length < 0.5) return null;

  const slug = latin
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_GENERATED_SLUG)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? null : slug;
}
