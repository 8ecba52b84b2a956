/**
 * What a test that needs a binary gets when it is missing: undefined, so the test (named
 * "… (needs <binary>)") skips; under CI=true an error naming the Debian package instead, so
 * the test file fails. CI installs it (.ci/run): its absence there is a fault, not a skip.
 */
export function missingBinary(what: string, debianPackage: string): undefined {
  if (process.env.CI !== 'true') return undefined;
  throw new Error(
    `${what}, and CI=true does not skip the tests that need it: install the Debian package ` +
      `${debianPackage} (apt-get install ${debianPackage})`,
  );
}
