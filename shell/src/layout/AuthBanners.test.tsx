import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthContextValue } from 'shared-auth';
import { renderApp } from 'shared-data/testing';
import { AuthBanners } from './AuthBanners';

const renderBanners = (auth: Partial<AuthContextValue>) => renderApp(<AuthBanners />, { auth });

describe('AuthBanners', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the green welcome banner and clears it after 5 s', () => {
    jest.useFakeTimers();
    const clearMessages = jest.fn();
    renderBanners({ authSuccess: 'ようこそ、事業者 太郎さん！', clearMessages });
    expect(screen.getByRole('status')).toHaveTextContent('ようこそ、事業者 太郎さん！');
    act(() => jest.advanceTimersByTime(4999));
    expect(clearMessages).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(clearMessages).toHaveBeenCalledTimes(1);
  });

  it('shows the sign-in error, which can be dismissed', async () => {
    const clearMessages = jest.fn();
    renderBanners({ authError: 'ログインがキャンセルされました。', clearMessages });
    expect(screen.getByRole('alert')).toHaveTextContent('ログインがキャンセルされました。');
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(clearMessages).toHaveBeenCalled();
  });

  it('renders nothing without messages', () => {
    renderBanners({});
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
