import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../../testing/renderWithTheme';
import { ArticleCard } from './ArticleCard';

const base = { href: '/articles/what-is-ai', title: '生成AIってなに？' };

describe('ArticleCard', () => {
  it('links the title to href and shows badge, date, excerpt and call to action', () => {
    renderWithTheme(
      <ArticleCard
        {...base}
        category="生成AI初心者"
        dateLabel="2025年1月15日"
        dateTime="2025-01-15"
        excerpt="本文の抜粋..."
        ctaText="続きを読む"
      />,
    );
    expect(screen.getByRole('link', { name: '生成AIってなに？' })).toHaveAttribute('href', '/articles/what-is-ai');
    expect(screen.getByRole('heading', { level: 3, name: '生成AIってなに？' })).toBeInTheDocument();
    expect(screen.getByText('生成AI初心者')).toBeInTheDocument();
    expect(screen.getByText('2025年1月15日')).toHaveAttribute('datetime', '2025-01-15');
    expect(screen.getByText('本文の抜粋...')).toBeInTheDocument();
    expect(screen.getByText(/続きを読む/)).toBeInTheDocument();
  });

  it('gives the image explicit dimensions, empty alt and the requested loading mode', () => {
    const { container } = renderWithTheme(<ArticleCard {...base} image={{ src: '/a.jpg' }} loading="eager" />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/a.jpg');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('loads images lazily by default', () => {
    const { container } = renderWithTheme(<ArticleCard {...base} image={{ src: '/a.jpg' }} />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('offers a WebP source with the fallback image through <picture>', () => {
    const { container } = renderWithTheme(<ArticleCard {...base} image={{ src: '/a.jpg', webpSrc: '/a.webp' }} />);
    expect(container.querySelector('picture source')).toHaveAttribute('srcset', '/a.webp');
    expect(container.querySelector('picture source')).toHaveAttribute('type', 'image/webp');
    expect(container.querySelector('picture img')).toHaveAttribute('src', '/a.jpg');
  });

  it("shows '画像なし' without an image only when asked to", () => {
    const { container, rerender } = renderWithTheme(<ArticleCard {...base} showImagePlaceholder />);
    expect(screen.getByText('画像なし')).toBeInTheDocument();
    rerender(<ArticleCard {...base} />);
    expect(screen.queryByText('画像なし')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it("shows '画像なし' instead of a broken image when the file fails to load", () => {
    const { container } = renderWithTheme(<ArticleCard {...base} image={{ src: '/gone.jpg' }} showImagePlaceholder />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('画像なし')).toBeInTheDocument();
  });

  describe('an image that settled before the page hydrated (its load or error event came before React)', () => {
    const settled = (naturalWidth: number, decode: () => Promise<void>) => {
      jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
      jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(naturalWidth);
      const decodeMock = jest.fn(decode);
      Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: decodeMock });
      return decodeMock;
    };
    afterEach(() => {
      jest.restoreAllMocks();
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    });

    it("shows '画像なし' for one that had already failed", async () => {
      settled(0, () => Promise.reject(new DOMException('broken', 'EncodingError')));
      const { container } = renderWithTheme(
        <ArticleCard {...base} image={{ src: '/gone.jpg' }} showImagePlaceholder />,
      );
      expect(await screen.findByText('画像なし')).toBeInTheDocument();
      expect(container.querySelector('img')).toBeNull();
    });

    it('keeps one that loaded, without decoding it again', () => {
      const decode = settled(640, () => Promise.resolve());
      const { container } = renderWithTheme(<ArticleCard {...base} image={{ src: '/a.jpg' }} showImagePlaceholder />);
      expect(decode).not.toHaveBeenCalled();
      expect(container.querySelector('img')).toHaveAttribute('src', '/a.jpg');
    });

    it('keeps an SVG without a size of its own: it has no pixel width but decodes', async () => {
      const decode = settled(0, () => Promise.resolve());
      const { container } = renderWithTheme(<ArticleCard {...base} image={{ src: '/a.svg' }} showImagePlaceholder />);
      await waitFor(() => expect(decode).toHaveBeenCalled());
      await decode.mock.results[0]!.value;
      expect(container.querySelector('img')).toHaveAttribute('src', '/a.svg');
      expect(screen.queryByText('画像なし')).toBeNull();
    });
  });

  it('staggers the entrance by 0.12 s per index', () => {
    renderWithTheme(<ArticleCard {...base} index={3} />);
    expect(screen.getByRole('article')).toHaveStyle({ animationDelay: '0.36s' });
  });

  it('enters only on the first screen: the seventh card on stands still', () => {
    renderWithTheme(
      <>
        {[5, 6, 20].map((index) => (
          <ArticleCard key={index} {...base} index={index} />
        ))}
      </>,
    );
    const [sixth, seventh, last] = screen.getAllByRole('article').map((card) => getComputedStyle(card));
    expect(sixth!.animationDelay).toBe('0.60s');
    expect(sixth!.animation).toMatch(/0\.6s ease both/);
    expect(seventh!.animation).toBe('none');
    expect(last!.animation).toBe('none');
  });

  it('moves in without fading: a card of the first screen is painted, and counts for LCP, from the first frame', () => {
    // Chrome leaves a paint at opacity 0 out of LCP; the first card's excerpt is /articles' LCP element.
    renderWithTheme(<ArticleCard {...base} index={0} excerpt="本文の抜粋..." />);
    const name = getComputedStyle(screen.getByRole('article')).animation.split(' ')[0]!;
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
    const keyframes = css.match(new RegExp(`@keyframes ${name}\\s*{([^@]*?)}\\s*}`))?.[1];
    expect(keyframes).toMatch(/transform/);
    expect(keyframes).not.toMatch(/opacity/);
  });

  it('has no entrance of its own without an index (a card below the first screen)', () => {
    renderWithTheme(<ArticleCard {...base} />);
    expect(getComputedStyle(screen.getByRole('article')).animation).toBe('none');
  });

  it("writes the card's rules once for a whole list: only the delay differs between cards", () => {
    renderWithTheme(
      <>
        {[0, 1, 2, 3].map((index) => (
          <ArticleCard key={index} {...base} index={index} />
        ))}
      </>,
    );
    const delays = screen.getAllByRole('article').map((card) => getComputedStyle(card).animationDelay);
    expect(delays).toEqual(['0.00s', '0.12s', '0.24s', '0.36s']);
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
    expect(css.match(/box-shadow:\s*0 4px 16px/g)).toHaveLength(1);
  });

  it('uses the requested heading level', () => {
    renderWithTheme(<ArticleCard {...base} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: '生成AIってなに？' })).toBeInTheDocument();
  });
});
