import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CANARY_MAX_PERCENT, CANARY_MIN_PERCENT } from 'shared-releases';
import { Button } from 'shared-ui';
import { Field, Input } from 'shared-ui/forms';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 8px;

  > :first-child {
    flex: 1 1 10em;
  }

  > button {
    margin-top: 30px; /* level with the input, under the field's label */
  }
`;

/** Shares offered as one click: a first look, then half. */
const QUICK_SHARES = [10, 50] as const;
const RANGE = `${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT}`;

interface CanaryPercentFormProps {
  /** The canary's share now. */
  current: number;
  busy: boolean;
  onChoose: (percent: number) => void;
}

/**
 * 割合を変更: a number field (1–99) or 10 % / 50 % in one click. Checked here only to say what is
 * wrong beside the field; the service checks again and decides.
 */
export function CanaryPercentForm({ current, busy, onChoose }: CanaryPercentFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const choose = (percent: number) => {
    if (percent === current) {
      setError(`カナリアは既に ${current} % です。`);
      return;
    }
    setError(undefined);
    onChoose(percent);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percent = /^\d{1,2}$/.test(value.trim()) ? Number(value) : NaN;
    if (percent >= CANARY_MIN_PERCENT && percent <= CANARY_MAX_PERCENT) choose(percent);
    else setError(`${RANGE} の整数を入力してください（100 % は昇格、0 % は中止です）。`);
  };

  return (
    <Form aria-label="カナリアの割合を変更" onSubmit={submit} noValidate>
      <Field label="新しい割合 (%)" hint={`${RANGE} の整数。現在 ${current} %`} error={error}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={CANARY_MIN_PERCENT}
            max={CANARY_MAX_PERCENT}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" $variant="secondary" disabled={busy}>
        割合を変更
      </Button>
      {QUICK_SHARES.map((percent) => (
        <Button
          key={percent}
          type="button"
          $variant="ghost"
          aria-label={`割合を ${percent} % に変更`}
          disabled={busy || percent === current}
          onClick={() => choose(percent)}
        >
          {percent} %
        </Button>
      ))}
    </Form>
  );
}
