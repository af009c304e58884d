/**
 * How `npm run release -- <remote> --canary 1,10,50 --soak 10m` is read (src/cli/canaryPlan.ts):
 * the steps and the soak the service is sent, and the Japanese usage errors (exit 2) for the rest.
 */
import { canaryStartArgs, soakArg } from '../src/cli/canaryPlan';
import { UsageError } from '../src/errors';

const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('--canary with --soak', () => {
  it('reads the steps and the soak into a plan starting at the first step', () => {
    expect(canaryStartArgs('1,10,50', '10m', 'public-site')).toEqual({
      percent: 1,
      plan: { steps: [1, 10, 50], soakSeconds: 600 },
    });
    expect(canaryStartArgs('5%, 25%', '20s', 'public-site')).toEqual({
      percent: 5,
      plan: { steps: [5, 25], soakSeconds: 20 },
    });
    // One step with a soak: promoted by the service after it.
    expect(canaryStartArgs('10', '1h', 'public-site')).toEqual({
      percent: 10,
      plan: { steps: [10], soakSeconds: 3600 },
    });
  });

  it('keeps a single share without --soak a canary moved by hand', () => {
    expect(canaryStartArgs('10', undefined, 'public-site')).toEqual({ percent: 10 });
  });

  it.each([
    ['10,5', '10m', 'カナリアのステップ「10,5」は増えていく順に指定してください (例: 1,10,50)。'],
    ['10,10', '10m', 'カナリアのステップ「10,10」は増えていく順に指定してください (例: 1,10,50)。'],
    [
      '1,10',
      undefined,
      'ステップを自動で進めるには各ステップの保持時間を --soak で指定してください (例: --soak 10m)。',
    ],
    [
      '1,100',
      '10m',
      'すべての訪問者に公開するには --canary を付けずに実行してください: npm run release -- public-site',
    ],
    ['1,x', '10m', 'カナリアの割合「x」は使えません。1〜99 の整数 (%) で指定してください。'],
    ['1,2,3,4,5,6,7,8,9,10,11', '10m', 'カナリアのステップは 10 個までです。'],
  ])('refuses --canary %s --soak %s', (canary, soak, message) => {
    expect(refused(() => canaryStartArgs(canary, soak, 'public-site'))).toBe(message);
  });
});

describe('--soak', () => {
  it.each([
    ['20s', 20],
    ['10m', 600],
    ['2h', 7200],
    [' 90s ', 90],
  ])('%s is %i seconds', (value, seconds) => {
    expect(soakArg(value)).toBe(seconds);
  });

  it.each(['10', '10 minutes', '0s', '-5m', '25h', '1.5m', ''])('refuses %j in Japanese', (value) => {
    expect(refused(() => soakArg(value))).toBe(
      `--soak「${value}」は使えません。20s・10m・1h のように数と単位 (s 秒 / m 分 / h 時間) で、1 日以内で指定してください。`,
    );
  });
});
