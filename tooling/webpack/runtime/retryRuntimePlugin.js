// Runtime plugin of the host: a remote's manifest or entry that fails to load is retried twice
// before the area's fallback (with its 再読み込み button) is shown.
import { RetryPlugin } from '@module-federation/retry-plugin';

export default function retryRuntimePlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 300 },
    script: { retryTimes: 2, retryDelay: 300 },
  });
}
