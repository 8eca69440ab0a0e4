// The fixture files of scripts/test-summary.test.ts: one way each for a test file to pass, fail or
// skip. Only that test runs them (they fail on purpose).
export default { test: { include: ["*.fixture.ts"] } };
