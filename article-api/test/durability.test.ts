import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Article } from 'shared-articles';
import { startChildService } from './support/childService';
import { storedArticle } from './support/dbDump';
import { freshDatabaseEnv } from 'service-kit/testing';
import { sendTo } from 'service-kit/testing';
import { asAdmin, validInput } from './support/testApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

// SIGKILL proves the commit happens before the 201 leaves (nothing is buffered in the process);
// surviving a power cut on top of that is what synchronous=FULL is for (persistence.test.ts checks it is set).
it('keeps an article answered with 201 even when the process is SIGKILLed right after', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-kill-'));
  const database = freshDatabaseEnv(path.join(dir, 'articles.sqlite'));
  try {
    const service = await startChildService(database);
    const response = await sendTo(service.port, {
      method: 'POST',
      url: '/api/articles',
      headers: asAdmin,
      payload: validInput,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<Article>();

    await service.kill();

    expect(await storedArticle(database, created.id)).toMatchObject({
      id: created.id,
      title: validInput.title,
      slug: created.slug,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
