import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  /** Shown instead when the image cannot be loaded (a removed file, an unreachable host). */
  fallback?: ReactNode;
}

/** An <img> that gives way to `fallback` (or nothing) rather than a broken-image icon. */
export function ImageWithFallback({ src, fallback = null, onError, alt = '', ...imgProps }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <>{fallback}</>;
  return (
    <img
      {...imgProps}
      src={src}
      alt={alt}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
