/**
 * What the リリース page's カナリアを開始 form reads (docs/canary-releases.md, "Steps"): the same
 * start as `npm run release -- <remote> --canary 1,10,50 --soak 10m`, typed into fields. Checked
 * here to say what is wrong beside each field, by the service's own rules (shared-releases); the
 * service checks again (its least soak, the folder published, the gate) and decides.
 */
import {
  CANARY_MAX_PERCENT,
  CANARY_MAX_SOAK_SECONDS,
  CANARY_MAX_STEPS,
  CANARY_MIN_PERCENT,
  isVersionId,
  VERSION_ID_RULE,
  type CanaryPlanBody,
} from 'shared-releases';

export const SOAK_UNITS = { seconds: 1, minutes: 60, hours: 3_600 } as const;
export type SoakUnit = keyof typeof SOAK_UNITS;

export interface CanaryStartFields {
  version: string;
  /** e.g. "1,10,50" (、 and full-width digits too: a Japanese keyboard types them) */
  steps: string;
  /** a whole number of `unit`s; empty: a canary moved by hand (one step only) */
  soak: string;
  unit: SoakUnit;
}

export interface CanaryStart {
  version: string;
  percent: number;
  plan?: CanaryPlanBody;
}

export type CanaryStartErrors = Partial<Record<'version' | 'steps' | 'soak', string>>;

const RANGE = `${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT}`;

/** Full-width digits and commas as the ASCII ones. */
const halfWidth = (text: string) =>
  text.replace(/[０-９，]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[、､]/g, ',');

function stepsError(steps: number[] | null): string | undefined {
  if (!steps) return `ステップは ${RANGE} の整数 (%) をカンマで区切って入力してください (例: 1,10,50)。`;
  if (steps.length > CANARY_MAX_STEPS) return `ステップは ${CANARY_MAX_STEPS} 個までです。`;
  if (steps.some((step) => step < CANARY_MIN_PERCENT || step > CANARY_MAX_PERCENT))
    return `各ステップは ${RANGE} % です（100 % は最後のステップの後の自動昇格です）。`;
  if (steps.some((step, index) => index > 0 && step <= steps[index - 1]!))
    return 'ステップは増えていく順に入力してください (例: 1,10,50)。';
  return undefined;
}

function soakSecondsOf(soak: string, unit: SoakUnit): number | string {
  const typed = halfWidth(soak.trim());
  if (!/^\d{1,6}$/.test(typed)) return '保持時間は 1 以上の整数で入力してください。';
  const seconds = Number(typed) * SOAK_UNITS[unit];
  if (seconds < 1) return '保持時間は 1 以上の整数で入力してください。';
  if (seconds > CANARY_MAX_SOAK_SECONDS) return '保持時間は 1 日 (24 時間) 以内で入力してください。';
  return seconds;
}

/** The start to send, or what is wrong with each field. */
export function readCanaryStart(fields: CanaryStartFields): { start: CanaryStart } | { errors: CanaryStartErrors } {
  const errors: CanaryStartErrors = {};
  const version = fields.version.trim();
  if (!isVersionId(version)) errors.version = `バージョン名を入力してください。${VERSION_ID_RULE}`;
  const typedSteps = halfWidth(fields.steps)
    .split(',')
    .map((step) => step.trim());
  const steps = typedSteps.every((step) => /^\d{1,3}$/.test(step)) ? typedSteps.map(Number) : null;
  errors.steps = stepsError(steps);
  let soakSeconds: number | undefined;
  if (fields.soak.trim() !== '') {
    const soak = soakSecondsOf(fields.soak, fields.unit);
    if (typeof soak === 'string') errors.soak = soak;
    else soakSeconds = soak;
  } else if (steps && steps.length > 1) {
    errors.soak = 'ステップを自動で進めるには、各ステップの保持時間を入力してください (例: 10 分)。';
  }
  if (errors.version || errors.steps || errors.soak) return { errors };
  const percent = steps![0]!;
  return {
    start:
      soakSeconds === undefined ? { version, percent } : { version, percent, plan: { steps: steps!, soakSeconds } },
  };
}
