import { screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../../testing/renderWithTheme';
import { SafeHtml } from './SafeHtml';

async function renderHtml(html: string) {
  const { container } = renderWithTheme(<SafeHtml html={html} />);
  const root = container.firstElementChild as HTMLElement;
  await waitFor(() => expect(root).not.toHaveAttribute('aria-busy'));
  return root;
}

describe('SafeHtml', () => {
  // First in the file on purpose: the sanitiser module has not been loaded yet in this test file.
  it('renders nothing until the sanitiser has loaded, so unsanitised HTML never reaches the DOM', async () => {
    const { container } = renderWithTheme(<SafeHtml html={'<p>本文</p><img src="x" onerror="alert(1)">'} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveAttribute('aria-busy', 'true');
    expect(root).toBeEmptyDOMElement();
    expect(await screen.findByText('本文')).toBeInTheDocument();
    expect(container.innerHTML).not.toContain('onerror');
  });

  it('renders the allowed article markup', async () => {
    const root = await renderHtml('<h2>見出し</h2><p>本文<strong>強調</strong></p><ul><li>項目</li></ul>');
    expect(screen.getByRole('heading', { level: 2, name: '見出し' })).toBeInTheDocument();
    expect(root.querySelector('strong')).toHaveTextContent('強調');
    expect(screen.getByRole('listitem')).toHaveTextContent('項目');
  });

  it('removes scripts, event handlers and javascript: links', async () => {
    const root = await renderHtml(
      '<p onclick="alert(1)">a</p><script>alert(2)</script><a href="javascript:alert(3)">link</a><img src="x" onerror="alert(4)">',
    );
    expect(root.innerHTML).not.toMatch(/onclick|onerror|<script|javascript:/i);
    expect(root.querySelector('a')).not.toHaveAttribute('href');
  });

  it('keeps YouTube embeds and drops every other iframe', async () => {
    const root = await renderHtml(
      '<iframe src="https://www.youtube.com/embed/abcdefghijk" title="動画"></iframe>' +
        '<iframe src="https://evil.example.com/embed/x" title="悪"></iframe>',
    );
    const frames = root.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toHaveAttribute('src', 'https://www.youtube.com/embed/abcdefghijk');
  });

  it('makes new-tab links safe with rel=noopener', async () => {
    const root = await renderHtml('<a href="https://example.com" target="_blank">外部</a>');
    expect(root.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
