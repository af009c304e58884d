import { useState, type ReactElement } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ThemeModeProvider } from 'shared-context';
import userEvent from '@testing-library/user-event';
import { mockMatchMedia, renderWithTheme } from '../../testing';
import { CategoryFilter } from './CategoryFilter';

const categories = ['生成AI初心者', 'AI副業'];

/** A parent that owns the state, as the pages do; reports every choice. */
function Harness({ onSelect }: { onSelect?: (value: string | null) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <CategoryFilter
      categories={categories}
      selected={selected}
      label="記事タグ"
      onSelect={(value) => {
        setSelected(value);
        onSelect?.(value);
      }}
    />
  );
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('CategoryFilter on wide screens', () => {
  beforeEach(() => mockMatchMedia(() => false));

  it('shows すべて first, then each category, as pressed/unpressed chips', () => {
    renderWithTheme(<Harness />);
    const group = screen.getByRole('group', { name: '記事タグ' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['すべて', '生成AI初心者', 'AI副業']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    expect(chips[1]).toHaveAttribute('aria-pressed', 'false');
  });

  it('selects a category, and null for すべて', async () => {
    const onSelect = jest.fn();
    renderWithTheme(<Harness onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'AI副業' }));
    expect(onSelect).toHaveBeenLastCalledWith('AI副業');
    expect(screen.getByRole('button', { name: 'AI副業' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'すべて' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'すべて' }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
});

describe('CategoryFilter at 768 px and below', () => {
  beforeEach(() => mockMatchMedia((query) => query === '(max-width: 768px)'));

  it('is a collapsed dropdown button named by the label, showing the current choice', () => {
    renderWithTheme(<Harness />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /記事タグ/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('すべて');
    expect(screen.queryByRole('button', { name: 'AI副業' })).not.toBeInTheDocument();
  });

  it('stays chips when the dropdown is switched off', () => {
    renderWithTheme(
      <CategoryFilter
        categories={categories}
        selected={null}
        onSelect={jest.fn()}
        label="カテゴリー"
        mobileDropdown={false}
      />,
    );
    expect(screen.getByRole('group', { name: 'カテゴリー' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI副業' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles open and closed', async () => {
    renderWithTheme(<Harness />);
    const toggle = screen.getByRole('button', { name: /記事タグ/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'AI副業' })).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes after a choice and shows it on the button', async () => {
    const onSelect = jest.fn();
    renderWithTheme(<Harness onSelect={onSelect} />);
    const toggle = screen.getByRole('button', { name: /記事タグ/ });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: '生成AI初心者' }));
    expect(onSelect).toHaveBeenCalledWith('生成AI初心者');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('生成AI初心者');
    expect(toggle).toHaveFocus();
  });

  it('closes on Escape and on a click outside', async () => {
    renderWithTheme(
      <>
        <Harness />
        <p>outside</p>
      </>,
    );
    const toggle = screen.getByRole('button', { name: /記事タグ/ });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByText('outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('CategoryFilter rendered on the server', () => {
  const page = (ui: ReactElement) => <ThemeModeProvider>{ui}</ThemeModeProvider>;

  it('sends both views (CSS shows the one for the screen) and hydrates to the one that matches, without a mismatch', () => {
    const html = renderToString(page(<Harness />));
    expect(html).toContain('aria-pressed');
    expect(html).toContain('aria-expanded');

    mockMatchMedia(() => true);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = jest.fn();
    render(page(<Harness />), { container, hydrate: true, onRecoverableError });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: '記事タグ' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /記事タグ/ })).toHaveAttribute('aria-expanded', 'false');
  });

  /** The element tree without attributes or text: what hydration must keep for taps to survive. */
  const shape = (element: Element): string =>
    `${element.tagName.toLowerCase()}(${Array.from(element.children, shape).join(',')})`;

  /** The server's HTML in the document, as a phone shows it before the scripts have run. */
  function servedOnPhone() {
    const html = renderToString(page(<Harness />));
    mockMatchMedia((query) => query === '(max-width: 768px)');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    return container;
  }

  it('hydrates to the tree the server sent: the same elements, only which view is shown changes', () => {
    const container = servedOnPhone();
    const served = shape(container);
    const servedButtons = Array.from(container.querySelectorAll('button'));
    render(page(<Harness />), { container, hydrate: true });
    expect(shape(container)).toBe(served);
    // Not only the same shape: the very elements of the served page, none replaced.
    expect(Array.from(container.querySelectorAll('button'))).toEqual(servedButtons);
    expect(servedButtons.every((button) => button.isConnected)).toBe(true);
  });

  it('opens the dropdown on a tap made before hydration and replayed after it, as the shell replays it', () => {
    const container = servedOnPhone();
    const tapped = within(container).getByRole('button', { name: /記事タグ/, hidden: true });
    tapped.click(); // before hydration: nothing listens yet (after-paint.js keeps the button)
    render(page(<Harness />), { container, hydrate: true });
    act(() => tapped.click()); // the shell's replay (shell/src/startup/earlyTaps.tsx)
    const toggle = screen.getByRole('button', { name: /記事タグ/ });
    expect(toggle).toBe(tapped);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'AI副業' })).toBeVisible();
  });
});
