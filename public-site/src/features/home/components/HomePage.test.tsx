import { act, fireEvent, screen, within } from '@testing-library/react';
import { HomePage } from './HomePage';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch, renderApp } from 'shared-data/testing';

const articles = [1, 2, 3, 4, 5].map((id) =>
  makeArticle({
    id,
    slug: `a${id}`,
    title: `記事${id}`,
    date: `2025-0${id}-01`,
    content: `<p>${'字'.repeat(120)}</p>`,
  }),
);

function renderHome() {
  fakeFetch(() => ({ status: 200, body: articles }));
  return renderApp(<HomePage />, { path: '/', url: '/' });
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => scrollTo(0));

describe('HomePage', () => {
  it('opens with the logo, the tagline and the add-friend button (new tab)', async () => {
    renderHome();
    expect(screen.getByTestId('hero-logo')).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: /気づいた人は、/ });
    expect(within(hero).getByText('LINEで気軽にAIを学ぶなら、AIまなび。')).toBeInTheDocument();
    const friend = within(hero).getByRole('link', { name: /LINEで友だち追加/ });
    expect(friend).toHaveAttribute('href', 'https://line.me/R/ti/p/@ai-manabi');
    expect(friend).toHaveAttribute('target', '_blank');
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it('has the PROBLEM, SOLUTION (three cards), CONTENTS and closing sections in order', async () => {
    renderHome();
    const names = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names[0]).toMatch(/^PROBLEM/);
    expect(names[1]).toMatch(/^SOLUTION/);
    expect(names[2]).toMatch(/^CONTENTS/);
    expect(names[3]).toBe('今日から、AIをもっと身近に。');
    const solution = screen.getByRole('region', { name: /SOLUTION/ });
    expect(within(solution).getAllByRole('listitem')).toHaveLength(3);
    await screen.findAllByRole('article');
  });

  it('shows the three newest articles with a 100-character excerpt', async () => {
    renderHome();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['記事5', '記事4', '記事3']);
    const newest = cards[0]!; // three cards, checked just above
    expect(within(newest).getByText(`${'字'.repeat(100)}...`)).toBeInTheDocument();
    expect(within(newest).getByText('2025年5月1日')).toBeInTheDocument();
  });

  it("gives the newest articles no entrance of their own: their section's reveal on scroll shows them", async () => {
    renderHome();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => getComputedStyle(card).animation)).toEqual(['none', 'none', 'none']);
  });

  it('links もっと見る to /articles', async () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'もっと見る' })).toHaveAttribute('href', '/articles');
    await screen.findAllByRole('article');
  });

  it('shows the floating add-friend button only after 100 px of scrolling', async () => {
    renderHome();
    await screen.findAllByRole('article');
    expect(screen.queryByTestId('floating-friend-button')).not.toBeInTheDocument();
    scrollTo(100);
    expect(screen.queryByTestId('floating-friend-button')).not.toBeInTheDocument();
    scrollTo(101);
    // jsdom applies no media queries, so the button's mobile-only CSS keeps it out of the a11y tree here.
    const link = within(screen.getByTestId('floating-friend-button')).getByText('友だち追加').closest('a');
    expect(link).toHaveAttribute('href', 'https://line.me/R/ti/p/@ai-manabi');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
