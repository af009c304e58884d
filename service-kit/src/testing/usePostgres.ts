// setupFiles of a service's -postgres Jest project (article-api-postgres, release-service-postgres): every test file in it runs on PostgreSQL.
process.env.SERVICE_TEST_ENGINE = 'postgres';
