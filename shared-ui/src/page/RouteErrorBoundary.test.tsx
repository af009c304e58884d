import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithTheme } from '../testing';
import { ROUTE_ERROR_MESSAGE, RouteErrorBoundary } from './RouteErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <p>ページ本文</p>;
}

function Area({ message }: { message?: string }) {
  const [, rerender] = useState(0);
  return (
    <>
      <nav>
        <Link to="/other">別のページ</Link>
        <button type="button" onClick={() => rerender((n) => n + 1)}>
          再描画
        </button>
      </nav>
      <RouteErrorBoundary message={message}>
        <Routes>
          <Route path="/" element={<Fragile />} />
          <Route path="/other" element={<p>別のページの本文</p>} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

beforeEach(() => {
  broken = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RouteErrorBoundary', () => {
  it('shows the message and 再試行 in place of the page; the layout around it stays', () => {
    renderWithTheme(<Area />);
    expect(screen.getByRole('alert')).toHaveTextContent(ROUTE_ERROR_MESSAGE);
    expect(screen.getByRole('button', { name: '再試行' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '別のページ' })).toBeInTheDocument();
  });

  it('says what the area asks it to', () => {
    renderWithTheme(<Area message="画面の表示中にエラーが発生しました。" />);
    expect(screen.getByRole('alert')).toHaveTextContent('画面の表示中にエラーが発生しました。');
  });

  it('再試行 renders the page again', async () => {
    renderWithTheme(<Area />);
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(screen.getByText('ページ本文')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('navigating elsewhere clears the error', async () => {
    renderWithTheme(<Area />);
    await userEvent.click(screen.getByRole('link', { name: '別のページ' }));
    expect(screen.getByText('別のページの本文')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
