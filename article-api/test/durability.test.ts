import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Article } from 'shared-articles';
import { sendTo } from './support/http';
import { asAdmin, validInput } from './support/testApp';

jest.setTimeout(60_000);

function startChild(databasePath: string): { child: ChildProcessWithoutNullStreams; port: Promise<number> } {
  // `--import tsx` keeps the service in this one process (the tsx CLI would fork a grandchild SIGKILL misses).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support/childServer.ts')], {
    env: {
      ...process.env,
      DATABASE_PATH: databasePath,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      LOG_LEVEL: 'silent',
    },
  });
  const port = new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\d+)/.exec(output);
      if (ready) resolve(Number(ready[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`service exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, port };
}

// SIGKILL proves the commit happens before the 201 leaves (nothing is buffered in the process);
// surviving a power cut on top of that is what synchronous=FULL is for (persistence.test.ts checks it is set).
it('keeps an article answered with 201 even when the process is SIGKILLed right after', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-kill-'));
  const databasePath = path.join(dir, 'articles.sqlite');
  try {
    const { child, port } = startChild(databasePath);
    const response = await sendTo(await port, {
      method: 'POST',
      url: '/api/articles',
      headers: asAdmin,
      payload: validInput,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<Article>();

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const db = new Database(databasePath, { readonly: true });
    const row = db.prepare('SELECT id, title, slug FROM articles WHERE id = ?').get(created.id);
    db.close();
    expect(row).toEqual({ id: created.id, title: validInput.title, slug: created.slug });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
