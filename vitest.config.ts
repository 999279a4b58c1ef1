import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'tests/**/*.test.{ts,tsx}',
			'jobs/**/*.test.ts',
			'scripts/**/*.test.ts',
			'server/**/*.test.ts',
		],
		exclude: ['tests/e2e/**', 'node_modules/**'],
		globalSetup: ['tests/setup/global-setup.ts'],
		setupFiles: ['tests/setup/setup-database.ts'],
		pool: 'forks',
		testTimeout: 20_000,
		hookTimeout: 60_000,
		environment: 'node',
	},
})
