/** The PostgreSQL server the pg suite creates its databases on. */
export function testAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DB_DRIVER=pg needs TEST_DATABASE_URL, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
    );
  }
  return url;
}
