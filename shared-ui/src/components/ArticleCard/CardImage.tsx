import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { layout, media } from 'shared-context';

export interface CardImageSource {
  /** Shown by every browser. */
  src: string;
  /** A WebP rendition offered first through <picture>; `src` is then its fallback. */
  webpSrc?: string;
}

/** Intrinsic 16:9 size given to <img>, so the browser reserves the box before the file arrives. */
const INTRINSIC = { width: 640, height: 360 } as const;

const Frame = styled.div`
  position: relative;
  height: ${layout.imageHeight.desktop}px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.border};
  ${media.tablet} {
    height: ${layout.imageHeight.mobile}px;
  }

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.4s ease;
  }
`;

const Placeholder = styled(Frame)`
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.background};
  font-weight: 700;
`;

interface CardImageProps {
  image: CardImageSource | null | undefined;
  loading: 'lazy' | 'eager';
  /** Without an image: show a '画像なし' box (true) or no image area at all (false). */
  showPlaceholder: boolean;
}

/**
 * The card's picture at a fixed 200 px (180 px at 768 px and below) height: the box never changes
 * size, so loading images cause no layout shift. The image is decorative: the title says it all.
 */
export function CardImage({ image, loading, showPlaceholder }: CardImageProps) {
  // A dead image link shows the same box as no image, not the browser's broken-image icon.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const src = image?.src;
  useEffect(() => {
    // A server-rendered <img> starts loading with the HTML, so a dead link can fail before the
    // page hydrates, and React never sees that error event. `complete` with no pixels is either
    // broken or an SVG without a size of its own: decode() rejects only for the broken one.
    const element = imgRef.current;
    if (!src || !element?.complete || element.naturalWidth > 0) return;
    element.decode().catch(() => setFailedSrc(src));
  }, [src]);
  if (!image || failedSrc === image.src) {
    if (showPlaceholder) return <Placeholder>画像なし</Placeholder>;
    return image ? <Frame /> : null;
  }
  const img = (
    <img
      ref={imgRef}
      src={image.src}
      alt=""
      width={INTRINSIC.width}
      height={INTRINSIC.height}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(image.src)}
    />
  );
  return (
    <Frame>
      {image.webpSrc ? (
        <picture>
          <source srcSet={image.webpSrc} type="image/webp" />
          {img}
        </picture>
      ) : (
        img
      )}
    </Frame>
  );
}
