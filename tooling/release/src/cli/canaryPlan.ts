/**
 * How `npm run release -- <remote> --canary 1,10,50 --soak 10m` is read (docs/releasing.md,
 * "Canary steps"): the shares in increasing order, and how long each step holds at least
 * (`20s`, `10m`, `1h`). A single share without --soak is a canary moved by hand, as before.
 */
import { CANARY_MAX_SOAK_SECONDS, CANARY_MAX_STEPS, type CanaryPlanBody } from 'shared-releases';
import { UsageError } from '../errors';
import { canaryPercentArg } from './canaryText';

const SOAK_UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3_600 };
const SOAK_FORMAT = '20s・10m・1h のように数と単位 (s 秒 / m 分 / h 時間) で';

/** `10m` → 600. */
export function soakArg(value: string): number {
  const match = /^(\d{1,6})\s*([smh])$/.exec(value.trim());
  const seconds = match ? Number(match[1]) * SOAK_UNITS[match[2]!]! : NaN;
  if (!(seconds >= 1 && seconds <= CANARY_MAX_SOAK_SECONDS)) {
    throw new UsageError(`--soak「${value}」は使えません。${SOAK_FORMAT}、1 日以内で指定してください。`);
  }
  return seconds;
}

/** The share a canary starts at, and its plan when it has steps or a soak. */
export function canaryStartArgs(
  canary: string,
  soak: string | undefined,
  remote: string,
): { percent: number; plan?: CanaryPlanBody } {
  const steps = canary.split(',').map((step) => canaryPercentArg(step, remote, true));
  if (steps.length > CANARY_MAX_STEPS) throw new UsageError(`カナリアのステップは ${CANARY_MAX_STEPS} 個までです。`);
  if (steps.some((step, index) => index > 0 && step <= steps[index - 1]!)) {
    throw new UsageError(`カナリアのステップ「${canary}」は増えていく順に指定してください (例: 1,10,50)。`);
  }
  if (soak === undefined) {
    if (steps.length > 1) {
      throw new UsageError(
        `ステップを自動で進めるには各ステップの保持時間を --soak で指定してください (例: --soak 10m)。`,
      );
    }
    return { percent: steps[0]! };
  }
  return { percent: steps[0]!, plan: { steps, soakSeconds: soakArg(soak) } };
}
