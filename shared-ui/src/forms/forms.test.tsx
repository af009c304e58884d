import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lightTheme } from 'shared-context';
import { Button } from '../components/Button';
import { renderWithTheme } from '../testing';
import { Field, Input, Select, TextArea } from './index';

/** The declarations styled-components wrote for `element`'s classes followed by `pseudo`. */
function declarations(element: Element, pseudo: string): string {
  const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
  const found = Array.from(element.classList).flatMap((name) =>
    Array.from(css.matchAll(new RegExp(`\\.${name}${pseudo}\\{([^}]*)\\}`, 'g')), (match) => match[1]),
  );
  return found.join(';');
}

const { accentText } = lightTheme.colors;

describe('form primitives', () => {
  it('give every control and the button one visible keyboard focus ring in the accent colour', () => {
    renderWithTheme(
      <>
        <Input aria-label="input" />
        <Select aria-label="select" />
        <TextArea aria-label="textarea" />
        <Button>button</Button>
      </>,
    );
    for (const control of [
      screen.getByRole('textbox', { name: 'input' }),
      screen.getByRole('combobox', { name: 'select' }),
      screen.getByRole('textbox', { name: 'textarea' }),
      screen.getByRole('button', { name: 'button' }),
    ]) {
      expect(declarations(control, ':focus-visible')).toContain(`outline:3px solid ${accentText}`);
    }
  });

  it('share one height, border and corner radius', () => {
    renderWithTheme(
      <>
        <Input aria-label="input" />
        <Select aria-label="select" />
      </>,
    );
    const looks = [screen.getByRole('textbox'), screen.getByRole('combobox')].map((control) => {
      const style = getComputedStyle(control);
      return [style.minHeight, style.borderRadius, style.borderTopColor];
    });
    expect(looks[0]).toEqual(['44px', '10px', expect.any(String)]);
    expect(looks[1]).toEqual(looks[0]);
  });

  it('look and behave disabled when disabled', async () => {
    renderWithTheme(<Input aria-label="input" disabled />);
    const input = screen.getByRole('textbox');
    expect(input).toBeDisabled();
    expect(declarations(input, ':disabled')).toContain('cursor:not-allowed');
    await userEvent.type(input, 'abc');
    expect(input).toHaveValue('');
  });
});

describe('Field', () => {
  it('labels its control and describes it with the hint', () => {
    renderWithTheme(
      <Field label="タイムゾーン" hint="日付の表示に使われます。">
        {(control) => <Select {...control} />}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'タイムゾーン' });
    expect(select).toHaveAccessibleDescription('日付の表示に使われます。');
    expect(select).not.toBeRequired();
    expect(select).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks a required control with 必須 and an error as invalid, error first in the description', () => {
    renderWithTheme(
      <Field label="タイトル" required hint="100文字まで" error="タイトルを入力してください。">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'タイトル 必須' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('タイトルを入力してください。 100文字まで');
    expect(declarations(input, "\\[aria-invalid='true'\\]")).toContain(`border-color:${lightTheme.colors.danger}`);
  });
});
