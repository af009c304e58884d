import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fakeFetch, renderApp, type FakeReply } from 'shared-data/testing';
import { makeArticle } from 'shared-articles/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';
import { DELETED_MESSAGE_MS } from './ArticleListPage';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

const QUESTION = 'Are you sure you want to delete this article?';

function setUp(deleteReply: () => FakeReply | Promise<FakeReply> = () => ({ status: 204 })) {
  let articles = [makeArticle({ id: 1, title: '消す記事' }), makeArticle({ id: 2, title: '残す記事' })];
  const api = fakeFetch({
    'GET /articles': () => ({ status: 200, body: articles }),
    'DELETE /articles/1': async () => {
      const reply = await deleteReply();
      if (reply !== 'network-error' && reply.status === 204) articles = articles.filter((a) => a.id !== 1);
      return reply;
    },
  });
  renderAdmin('/admin/articles');
  return api;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const trigger = await screen.findByRole('button', { name: /^削除\s*：消す記事$/ });
  await user.click(trigger);
  return { trigger, dialog: await screen.findByRole('dialog', { name: QUESTION }) };
}

describe('delete confirmation dialog', () => {
  it('is a modal dialog naming the article, with focus moved inside onto キャンセル', async () => {
    const user = userEvent.setup();
    setUp();
    const { dialog } = await openDialog(user);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('消す記事')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('消す記事');
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: '削除' })).toBeInTheDocument();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    setUp();
    const { dialog } = await openDialog(user);
    const cancel = within(dialog).getByRole('button', { name: 'キャンセル' });
    const confirm = within(dialog).getByRole('button', { name: '削除' });

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('closes on Escape without deleting, and gives focus back to the row button', async () => {
    const user = userEvent.setup();
    const api = setUp();
    const { trigger } = await openDialog(user);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(api.sent('DELETE', '/articles/1')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: '消す記事' })).toBeInTheDocument();
  });

  it('closes on キャンセル without deleting, and gives focus back to the row button', async () => {
    const user = userEvent.setup();
    const api = setUp();
    const { dialog, trigger } = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(api.sent('DELETE', '/articles/1')).toHaveLength(0);
  });

  it('on 削除: disables both buttons while the request runs, then removes the row and says so for 3 s', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const reply = deferred<FakeReply>();
      const api = setUp(() => reply.promise);
      const { dialog } = await openDialog(user);

      await user.click(within(dialog).getByRole('button', { name: '削除' }));
      expect(within(dialog).getByRole('button', { name: '削除中...' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toBeDisabled();
      expect(api.sent('DELETE', '/articles/1')).toHaveLength(1);

      await act(async () => reply.resolve({ status: 204 }));
      expect(await screen.findByText('記事を削除しました。')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('cell', { name: '消す記事' })).not.toBeInTheDocument();
      expect(screen.getByRole('cell', { name: '残す記事' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: '記事管理' })).toHaveFocus();

      act(() => jest.advanceTimersByTime(DELETED_MESSAGE_MS - 100));
      expect(screen.getByText('記事を削除しました。')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByText('記事を削除しました。')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the service's message when the delete fails and keeps the row", async () => {
    const user = userEvent.setup();
    setUp(() => ({ status: 403, body: { error: '管理者権限が必要です。' } }));
    const { dialog } = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('管理者権限が必要です。');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '消す記事' })).toBeInTheDocument();
    expect(screen.queryByText('記事を削除しました。')).not.toBeInTheDocument();
  });

  it('falls back to 記事の削除に失敗しました。 when the service is unreachable', async () => {
    const user = userEvent.setup();
    setUp(() => 'network-error');
    const { dialog } = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('記事の削除に失敗しました。');
  });
});
