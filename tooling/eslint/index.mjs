// The repo's own ESLint rules, as one plugin (`workspaces/…` in eslint.config.mjs).
import { noRelativeImportOutOfWorkspace } from './noRelativeImportOutOfWorkspace.mjs';

export default {
  meta: { name: 'eslint-rules' },
  rules: { 'no-relative-import-out-of-workspace': noRelativeImportOutOfWorkspace },
};
