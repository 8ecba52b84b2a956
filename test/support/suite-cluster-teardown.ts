/** jest's global teardown: stops the cluster test/support/suite-cluster-setup.ts started. */
export default async function teardown(): Promise<void> {
  await (globalThis as { stopSuiteCluster?: () => Promise<void> }).stopSuiteCluster?.();
}
