import { articleThumbnail, webpFallback, youtubeIdFromContent, youtubeThumbnail } from './thumbnails';

describe('youtubeIdFromContent', () => {
  it.each([
    ['<iframe src="https://www.youtube.com/embed/Qm7xK2pLd9A" allowfullscreen></iframe>', 'Qm7xK2pLd9A'],
    ['<iframe src="https://www.youtube-nocookie.com/embed/hT3vN8wRb5E?start=30"></iframe>', 'hT3vN8wRb5E'],
    ['<a href="https://youtu.be/c9LpX4sVt2M">動画</a>', 'c9LpX4sVt2M'],
    ['<a href="https://www.youtube.com/watch?v=Wd6rJ1nYq8Z&t=5">動画</a>', 'Wd6rJ1nYq8Z'],
  ])('finds the id in %s', (html, id) => {
    expect(youtubeIdFromContent(html)).toBe(id);
  });

  it('returns null without a YouTube embed, or with a malformed id', () => {
    expect(youtubeIdFromContent('<p>動画なし</p>')).toBeNull();
    expect(youtubeIdFromContent('<iframe src="https://player.vimeo.com/video/123"></iframe>')).toBeNull();
    expect(youtubeIdFromContent('<iframe src="https://www.youtube.com/embed/tooShort"></iframe>')).toBeNull();
    expect(youtubeIdFromContent('<iframe src="https://www.youtube.com/embed/ABCDEFGHIJKLMNOP"></iframe>')).toBeNull();
  });
});

describe('youtubeThumbnail', () => {
  it('builds the high-quality thumbnail URL', () => {
    expect(youtubeThumbnail('Qm7xK2pLd9A')).toBe('https://i.ytimg.com/vi/Qm7xK2pLd9A/hqdefault.jpg');
  });
});

describe('articleThumbnail', () => {
  const video = '<iframe src="https://www.youtube.com/embed/Qm7xK2pLd9A"></iframe><p>本文</p>';

  it('prefers the article image', () => {
    expect(articleThumbnail({ image: 'https://example.com/a.jpg', content: video, articleType: 'youtube' })).toBe(
      'https://example.com/a.jpg',
    );
  });

  it('uses the YouTube thumbnail for a video article without an image', () => {
    expect(articleThumbnail({ content: video, articleType: 'youtube' })).toBe(
      'https://i.ytimg.com/vi/Qm7xK2pLd9A/hqdefault.jpg',
    );
  });

  it('gives nothing for other articles without an image, or videos without an embed', () => {
    expect(articleThumbnail({ content: video, articleType: 'note' })).toBeUndefined();
    expect(articleThumbnail({ image: '', content: '<p>x</p>', articleType: 'youtube' })).toBeUndefined();
  });
});

describe('webpFallback', () => {
  it('swaps the .webp extension for .jpg and keeps query and hash', () => {
    expect(webpFallback('https://cdn.example.com/img/cover.webp')).toBe('https://cdn.example.com/img/cover.jpg');
    expect(webpFallback('https://images.unsplash.com/photo-1.webp?w=800&q=80')).toBe(
      'https://images.unsplash.com/photo-1.jpg?w=800&q=80',
    );
    expect(webpFallback('/images/a.WEBP#top')).toBe('/images/a.jpg#top');
  });

  it('returns null for other formats, and for webp only in the query', () => {
    expect(webpFallback('https://cdn.example.com/img/cover.jpg')).toBeNull();
    expect(webpFallback('https://cdn.example.com/img/cover?fm=webp')).toBeNull();
  });
});
