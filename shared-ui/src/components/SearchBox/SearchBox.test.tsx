import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing/renderWithTheme';
import { SearchBox } from './SearchBox';

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchBox
      value={value}
      placeholder="記事を検索..."
      label="記事を検索"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('SearchBox', () => {
  it('is a labelled search field with the given placeholder inside a search landmark', () => {
    renderWithTheme(<Harness onChange={jest.fn()} />);
    const input = screen.getByRole('searchbox', { name: '記事を検索' });
    expect(input).toHaveAttribute('placeholder', '記事を検索...');
    expect(screen.getByRole('search')).toContainElement(input);
  });

  it('reports what is typed', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox'), 'ＡＩ');
    expect(onChange).toHaveBeenLastCalledWith('ＡＩ');
    expect(screen.getByRole('searchbox')).toHaveValue('ＡＩ');
  });

  it('falls back to the label 検索', () => {
    renderWithTheme(<SearchBox value="" onChange={jest.fn()} placeholder="キーワードで検索..." />);
    expect(screen.getByRole('searchbox', { name: '検索' })).toBeInTheDocument();
  });
});
