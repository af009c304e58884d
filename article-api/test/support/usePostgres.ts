// setupFiles of the article-api-postgres Jest project: every test file in it runs on PostgreSQL.
process.env.ARTICLE_API_ENGINE = 'postgres';
