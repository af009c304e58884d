import { render } from '@testing-library/react';
import { useSocialMeta, type SocialMeta } from './useSocialMeta';

function Page({ meta }: { meta: SocialMeta | null }) {
  useSocialMeta(meta);
  return null;
}

const content = (selector: string) => document.head.querySelector(`meta[${selector}]`)?.getAttribute('content');

const meta: SocialMeta = {
  title: '記事タイトル',
  description: '説明文',
  image: '/og-default.png',
  url: '/articles/a',
  type: 'article',
};

afterEach(() => {
  document.head.innerHTML = '';
});

describe('useSocialMeta', () => {
  it('sets the Open Graph and Twitter tags with absolute URLs', () => {
    render(<Page meta={meta} />);
    expect(content('property="og:title"')).toBe('記事タイトル');
    expect(content('property="og:description"')).toBe('説明文');
    expect(content('name="description"')).toBe('説明文');
    expect(content('property="og:image"')).toBe('http://localhost/og-default.png');
    expect(content('property="og:url"')).toBe('http://localhost/articles/a');
    expect(content('property="og:type"')).toBe('article');
    expect(content('property="og:locale"')).toBe('ja_JP');
    expect(content('property="og:site_name"')).toBe('AIまなび');
    expect(content('name="twitter:card"')).toBe('summary_large_image');
  });

  it('removes the tags it created when the page goes away', () => {
    const { unmount } = render(<Page meta={meta} />);
    unmount();
    expect(document.head.querySelector('meta[property^="og:"]')).toBeNull();
    expect(document.head.querySelector('meta[name="twitter:card"]')).toBeNull();
  });

  it('restores tags that were already there', () => {
    document.head.innerHTML = '<meta name="description" content="サイトの説明">';
    const { unmount } = render(<Page meta={meta} />);
    expect(content('name="description"')).toBe('説明文');
    unmount();
    expect(content('name="description"')).toBe('サイトの説明');
  });

  it('updates the tags when the page changes, and sets none while data loads', () => {
    const { rerender } = render(<Page meta={null} />);
    expect(document.head.querySelector('meta')).toBeNull();
    rerender(<Page meta={meta} />);
    rerender(<Page meta={{ ...meta, title: '次の記事' }} />);
    expect(content('property="og:title"')).toBe('次の記事');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
  });
});
