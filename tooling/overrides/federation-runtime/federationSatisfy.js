// Bundled in place of the federation runtime's semver module (memoisedSatisfy.js says why).
import { satisfy as check } from 'federation-runtime-semver';

const answers = new Map();

/** The runtime's own satisfy(version, range), answered once per pair. */
export function satisfy(version, range) {
  const key = `${version} ${range}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = check(version, range);
    answers.set(key, answer);
  }
  return answer;
}
