// Where tests live (one rule):
// - `*.test.ts` beside the code are pure unit tests: no database, no HTTP fakes, no worker.
// - Every test that touches the database, the worker or the fakes in `tests/fakes` lives in
//   `tests/integration/`, named `<domain>-<subject>.test.ts` (e.g. `contacts-model.test.ts`).
// - `tests/reliability/` holds the reliability suite (decision 022): worker processes killed and
//   racing, fuzzing, sweeps. `npm run test:unit` leaves it out; `vitest.reliability.config.ts`
//   runs it (`npm run test:reliability`, and long as `npm run soak`).
// - Playwright specs live in `tests/e2e/` (run by `playwright test`, not by Vitest).
import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'tests/**/*.test.{ts,tsx}',
			'jobs/**/*.test.ts',
			'scripts/**/*.test.ts',
			'server/**/*.test.ts',
			'extension/**/*.test.ts',
		],
		exclude: ['tests/e2e/**', 'tests/reliability/**', 'node_modules/**'],
		globalSetup: ['tests/setup/global-setup.ts'],
		setupFiles: ['tests/setup/setup-database.ts'],
		pool: 'forks',
		// Vitest's default is one worker per core minus one: ONE on the 2-core CI machines. The files
		// mostly wait on PostgreSQL (each worker has its own database), so three keep both cores busy.
		maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
		testTimeout: 20_000,
		hookTimeout: 60_000,
		environment: 'node',
	},
})
