import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Article } from 'shared-articles';
import { startChildService } from './support/childService';
import { sendTo } from './support/http';
import { asAdmin, validInput } from './support/testApp';

jest.setTimeout(60_000);

// SIGKILL proves the commit happens before the 201 leaves (nothing is buffered in the process);
// surviving a power cut on top of that is what synchronous=FULL is for (persistence.test.ts checks it is set).
it('keeps an article answered with 201 even when the process is SIGKILLed right after', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-kill-'));
  const databasePath = path.join(dir, 'articles.sqlite');
  try {
    const service = await startChildService({ DATABASE_PATH: databasePath });
    const response = await sendTo(service.port, {
      method: 'POST',
      url: '/api/articles',
      headers: asAdmin,
      payload: validInput,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<Article>();

    await service.kill();

    const db = new Database(databasePath, { readonly: true });
    const row = db.prepare('SELECT id, title, slug FROM articles WHERE id = ?').get(created.id);
    db.close();
    expect(row).toEqual({ id: created.id, title: validInput.title, slug: created.slug });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
