import { splitVideo } from './splitVideo';

const frame = (src: string) => `<iframe width="560" height="315" src="${src}" title="t" allowfullscreen></iframe>`;

describe('splitVideo', () => {
  it('lifts the first YouTube embed out of the body', () => {
    const content = `${frame('https://www.youtube.com/embed/Qm7xK2pLd9A')}\n<p>本文</p>`;
    expect(splitVideo(content)).toEqual({ videoId: 'Qm7xK2pLd9A', body: '<p>本文</p>' });
  });

  it('finds an embed in the middle and leaves the rest of the body in order', () => {
    const content = `<p>前</p>${frame('https://www.youtube-nocookie.com/embed/abcdefghijk')}<p>後</p>`;
    expect(splitVideo(content)).toEqual({ videoId: 'abcdefghijk', body: '<p>前</p><p>後</p>' });
  });

  it('skips iframes that are not YouTube', () => {
    const content = `${frame('https://example.com/embed/x')}${frame('https://www.youtube.com/embed/abcdefghijk')}`;
    const { videoId, body } = splitVideo(content);
    expect(videoId).toBe('abcdefghijk');
    expect(body).toContain('example.com');
  });

  it('returns content without an embed unchanged', () => {
    expect(splitVideo('<p>動画なし</p>')).toEqual({ videoId: null, body: '<p>動画なし</p>' });
  });
});
