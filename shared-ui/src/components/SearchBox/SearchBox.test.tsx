import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-context';
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

  it('takes over what was typed into the server-rendered field before the page hydrated', async () => {
    const onChange = jest.fn();
    const container = document.createElement('div');
    document.body.append(container);
    const page = (onPageChange: (value: string) => void) => (
      <ThemeProvider theme={lightTheme}>
        <Harness onChange={onPageChange} />
      </ThemeProvider>
    );
    container.innerHTML = renderToString(page(jest.fn()));
    (container.querySelector('input') as HTMLInputElement).value = 'スマホ'; // typed while the scripts loaded
    const root = await act(async () => hydrateRoot(container, page(onChange)));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('スマホ');
    expect(screen.getByRole('searchbox')).toHaveValue('スマホ');
    await userEvent.type(screen.getByRole('searchbox'), 'の');
    expect(onChange).toHaveBeenLastCalledWith('スマホの');
    act(() => root.unmount());
    container.remove();
  });

  it('reports nothing on mount when the field shows what the state holds', () => {
    const onChange = jest.fn();
    renderWithTheme(<SearchBox value="AI" onChange={onChange} placeholder="記事を検索..." />);
    expect(onChange).not.toHaveBeenCalled();
  });
});
