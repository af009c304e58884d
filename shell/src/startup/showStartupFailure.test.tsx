import { act, screen } from '@testing-library/react';
import { RuntimeConfigError } from 'shared-core';
import { showStartupFailure } from './showStartupFailure';

describe('showStartupFailure', () => {
  it('shows the crash page with 再読み込み and logs the reason', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.appendChild(container);
    const error = new RuntimeConfigError(['apiBaseUrl: API の URL（http(s)://… または /…）を指定してください']);

    await act(async () => showStartupFailure(error, container));

    expect(screen.getByRole('alert')).toHaveTextContent('ページを表示できませんでした。再読み込みしてください。');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(error);
    log.mockRestore();
  });
});
