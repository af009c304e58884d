import { useState } from 'react';
import styled from 'styled-components';
import { youtubeThumbnail } from 'shared-articles';

const Frame = styled.figure`
  position: relative;
  margin: 0 0 40px;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: 16px;
  background: #000;

  iframe,
  button,
  img {
    display: block;
    width: 100%;
    height: 100%;
    border: 0;
  }
  img {
    object-fit: cover;
  }
`;

const Play = styled.button`
  position: relative;
  padding: 0;
  cursor: pointer;
  background: #000;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: rgba(0, 0, 0, 0.15);
    transition: background-color 0.2s ease;
  }
  &:hover::after {
    background: rgba(0, 0, 0, 0);
  }
`;

const PlayIcon = styled.svg`
  position: absolute;
  z-index: 1;
  top: 50%;
  left: 50%;
  width: 72px;
  height: 50px;
  transform: translate(-50%, -50%);
`;

/**
 * The video above the article body. YouTube's player (~1 MB) loads only when the visitor presses
 * play; until then a thumbnail of fixed 16:9 size stands in, so nothing shifts when it swaps.
 */
export function VideoBlock({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <Frame>
      {playing ? (
        <iframe
          src={`https://www.youtube.com/embed/${videoId}?autoplay=1`}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <Play type="button" onClick={() => setPlaying(true)} aria-label={`動画を再生：${title}`}>
          <img src={youtubeThumbnail(videoId)} alt="" width={480} height={360} />
          <PlayIcon viewBox="0 0 68 48" aria-hidden="true" focusable="false">
            <path
              fill="#f00"
              d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.3.3 34 .3 34 .3s-21.3 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3Z"
            />
            <path fill="#fff" d="M45 24 27 14v20z" />
          </PlayIcon>
        </Play>
      )}
    </Frame>
  );
}
