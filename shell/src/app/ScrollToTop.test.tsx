import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { renderApp } from 'shared-data/testing';
import { ScrollToTop } from './ScrollToTop';

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return <button onClick={() => navigate(to)}>{to}</button>;
}

function renderAt(url: string) {
  return renderApp(
    <>
      <ScrollToTop />
      <GoTo to="/about" />
      <GoTo to="/about?tab=2" />
      <GoTo to="/articles" />
    </>,
    { url },
  );
}

describe('ScrollToTop', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('leaves the first page where the browser put it (scrolled before hydrating, or reloaded)', () => {
    renderAt('/articles');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top on each path change, not on a query change', async () => {
    renderAt('/articles');
    await userEvent.click(screen.getByRole('button', { name: '/about' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await userEvent.click(screen.getByRole('button', { name: '/about?tab=2' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '/articles' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
