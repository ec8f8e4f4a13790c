/** Where `npm run validate -- --record` keeps the live measurements that unit tests replay. */
export const FIXTURE_PATH = 'test/fixtures/validation-redis-7.0.json';
