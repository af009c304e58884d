import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderWithTheme } from '../testing';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('is the page h1 with its lead', () => {
    renderWithTheme(<PageHeader size="large" title="Articles" lead="生成AIに関する最新の記事をお届けします。" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeInTheDocument();
    expect(screen.getByText('生成AIに関する最新の記事をお届けします。')).toBeInTheDocument();
  });

  it('shows the actions beside the title', () => {
    renderWithTheme(<PageHeader size="small" title="記事管理" actions={<button type="button">新規作成</button>} />);
    expect(screen.getByRole('button', { name: '新規作成' })).toBeInTheDocument();
  });

  it('lets a page move focus to its heading', () => {
    const heading = createRef<HTMLHeadingElement>();
    renderWithTheme(<PageHeader title="ユーザー管理" ref={heading} />);
    heading.current?.focus();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });
});
