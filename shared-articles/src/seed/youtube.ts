/** The embed markup a video article's content starts with (the public page lifts it above the body). */
export function youtubeEmbed(videoId: string, title: string): string {
  return (
    `<iframe width="560" height="315" src="https://www.youtube.com/embed/${videoId}" title="${title}" ` +
    'frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" ' +
    'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>'
  );
}
