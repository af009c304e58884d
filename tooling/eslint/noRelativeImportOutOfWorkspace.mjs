// A relative import (`../../shared-core/src/paths`) that leaves the workspace its file is in is
// an error: a workspace imports another by its package name, declared in its package.json, so
// what a package needs can be read from its manifest and no tool has to guess. The workspaces
// are the root package.json's; a file in none of them (the root scripts) is not checked.
import fs from 'node:fs';
import path from 'node:path';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The repo's workspaces, longest folder first (tooling/webpack before a workspace named tooling). */
function workspacesOf(root) {
  return readJson(path.join(root, 'package.json'))
    .workspaces.map((dir) => ({
      dir: path.join(root, dir),
      relative: dir,
      name: readJson(path.join(root, dir, 'package.json')).name,
    }))
    .sort((a, b) => b.dir.length - a.dir.length);
}

const workspaceAt = (workspaces, file) =>
  workspaces.find(({ dir }) => file === dir || file.startsWith(dir + path.sep)) ?? null;

/** @type {import('eslint').Rule.RuleModule} */
export const noRelativeImportOutOfWorkspace = {
  meta: {
    type: 'problem',
    docs: { description: 'a relative import stays inside its workspace; other workspaces are imported by name' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      toWorkspace:
        "'{{ specifier }}' leaves {{ from }}: import {{ to }} by its package name ('{{ name }}'), declared in {{ from }}/package.json",
      outside:
        "'{{ specifier }}' leaves {{ from }} for {{ target }}, which is in no workspace: what it needs belongs in a workspace package",
    },
  },
  create(context) {
    const workspaces = workspacesOf(context.options[0].root);
    const from = workspaceAt(workspaces, context.filename);
    if (!from) return {};
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const to = workspaceAt(workspaces, target);
      if (to === from) return;
      const data = { specifier: source.value, from: from.relative };
      if (to)
        context.report({ node: source, messageId: 'toWorkspace', data: { ...data, to: to.relative, name: to.name } });
      else
        context.report({
          node: source,
          messageId: 'outside',
          data: { ...data, target: path.relative(context.options[0].root, target) },
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};
