/**
 * The variable the suite's embedded Postgres cluster is handed to the tests in (jest's global
 * setup, test/support/suite-cluster-setup.ts, sets it); each test app then gets a database of
 * its own there, copied from a migrated template, as on an external Postgres. Unset, an app
 * on the Postgres engine in `memory://` starts a throw-away cluster of its own (initdb:
 * seconds per app).
 */
export const SUITE_CLUSTER_VARIABLE = 'EMBEDDED_TEST_CLUSTER_URL';
