import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from 'shared-ui';
import { Field, Input, Select } from 'shared-ui/forms';
import { type CanaryStart, type CanaryStartErrors, readCanaryStart, type SoakUnit } from '../lib/canaryStartInput';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(12em, 100%), 1fr));
  align-items: start;
  gap: 8px 12px;

  > button {
    justify-self: start;
  }
`;

const Soak = styled.div`
  display: flex;
  gap: 6px;

  > :first-child {
    flex: 1 1 auto;
    min-width: 0;
  }
`;

const UNIT_LABELS: Readonly<Record<SoakUnit, string>> = { seconds: '秒', minutes: '分', hours: '時間' };

interface CanaryStartFormProps {
  /** How the form is named (a page holds one per environment of every remote). */
  label: string;
  busy: boolean;
  onStart: (start: CanaryStart) => void;
}

/**
 * カナリアを開始: a version already published to the artifact store (and not yet released), the
 * steps and each step's soak — what `npm run release -- <remote> --canary 1,10,50 --soak 10m`
 * sends once it has published the folder. Steps and soak go as the service's plan; one share
 * without a soak is a canary moved by hand.
 */
export function CanaryStartForm({ label, busy, onStart }: CanaryStartFormProps) {
  const [version, setVersion] = useState('');
  const [steps, setSteps] = useState('1,10,50');
  const [soak, setSoak] = useState('10');
  const [unit, setUnit] = useState<SoakUnit>('minutes');
  const [errors, setErrors] = useState<CanaryStartErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readCanaryStart({ version, steps, soak, unit });
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    onStart(read.start);
  };

  return (
    <Form aria-label={label} onSubmit={submit} noValidate>
      <Field label="バージョン" hint="リリースストアに公開済みで、まだリリースしていないもの" error={errors.version}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            value={version}
            onChange={(event) => setVersion(event.target.value)}
          />
        )}
      </Field>
      <Field label="ステップ (%)" hint="増えていく順にカンマ区切り。最後の後に昇格" error={errors.steps}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            value={steps}
            onChange={(event) => setSteps(event.target.value)}
          />
        )}
      </Field>
      <Field label="各ステップの保持時間" hint="空欄: 割合を手動で変更（ステップ 1 つのとき）" error={errors.soak}>
        {(control) => (
          <Soak>
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={soak}
              onChange={(event) => setSoak(event.target.value)}
            />
            <Select
              aria-label="保持時間の単位"
              value={unit}
              onChange={(event) => setUnit(event.target.value as SoakUnit)}
            >
              {Object.entries(UNIT_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </Select>
          </Soak>
        )}
      </Field>
      <Button type="submit" disabled={busy}>
        カナリアを開始
      </Button>
    </Form>
  );
}
