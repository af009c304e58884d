/**
 * What every release command shares: options parsed strictly, refusals printed as sentences.
 * Exit 2: the command was typed wrong (UsageError); exit 1: refused or failed.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  DEFAULT_ENVIRONMENT,
  ENVIRONMENT_LABELS,
  type FlipResult,
  isReleaseEnvironment,
  RELEASE_ENVIRONMENTS,
  type ReleaseEnvironment,
} from 'shared-releases';
import { ReleaseError, UsageError } from '../errors';
import { joinText, say, sayError, terminal, terminalLines, type TerminalText } from './terminalText';

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(options: T, args = process.argv.slice(2)) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes('--shell-manifest')) {
      throw new UsageError(
        '--shell-manifest はなくなりました。互換性ゲートはリリースサービスが、その環境のシェル (RELEASE_SHELL_MANIFEST_<環境>) に対して実行します。',
      );
    }
    const option = /'(--?[\w-]+)/.exec(message)?.[1] ?? '';
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`オプション ${option} はありません。`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && message.includes('argument missing')) {
      throw new UsageError(`オプション ${option} には値が必要です。`);
    }
    throw new UsageError(`オプションが正しくありません: ${message}`);
  }
}

export function environmentOption(value: string | undefined): ReleaseEnvironment {
  const environment = value ?? DEFAULT_ENVIRONMENT;
  if (!isReleaseEnvironment(environment)) {
    throw new UsageError(
      `環境「${environment}」はありません。${RELEASE_ENVIRONMENTS.join(' / ')} のどれかを指定してください。`,
    );
  }
  return environment;
}

export const environmentLabel = (environment: ReleaseEnvironment) =>
  `${ENVIRONMENT_LABELS[environment]} ${environment}`;

/** The service's answer to a flip: the gate's notes (they quote the manifests), then the sentence. */
export function printFlip(result: FlipResult, sentence: TerminalText): void {
  for (const note of result.notes) say(terminal`  ${note}`);
  say(terminal`✔ ${sentence} (${environmentLabel(result.environment)}): ${result.live.manifestUrl}`);
}

export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    // A refusal's message is the service's (made one line by refusalOf) or the CLI's own, whose
    // line breaks are kept; the gate's problems quote the manifests.
    if (error instanceof ReleaseError) {
      sayError(joinText([terminalLines(error.message), ...error.problems.map((problem) => terminal`  - ${problem}`)]));
    } else {
      sayError(terminalLines(error instanceof Error ? (error.stack ?? error.message) : String(error)));
    }
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
}
