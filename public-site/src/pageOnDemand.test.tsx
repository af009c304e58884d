import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { pageOnDemand } from './pageOnDemand';

const Article = () => <h1>記事</h1>;

describe('pageOnDemand', () => {
  it('renders a page whose code has arrived in one synchronous pass (the server renders it so)', async () => {
    const { Page, load } = pageOnDemand(() => Promise.resolve(Article));
    await load();
    expect(renderToString(<Page />)).toBe('<h1>記事</h1>');
  });

  it('suspends while the code is on its way, then shows the page', async () => {
    const { Page } = pageOnDemand(() => Promise.resolve(Article));
    render(
      <Suspense fallback={<p>読み込み中...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('読み込み中...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '記事' })).toBeInTheDocument();
  });

  it('loads the code once, and again after a failure', async () => {
    const importPage = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Article);
    const { load } = pageOnDemand(importPage);
    await expect(load()).rejects.toThrow('chunk failed');
    await expect(load()).resolves.toBe(Article);
    await load();
    expect(importPage).toHaveBeenCalledTimes(2);
  });
});
