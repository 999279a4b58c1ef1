// The reliability suite (decision 022): `npm run test:reliability` runs it short, `npm run soak` long.
// Same databases and setup as the other Vitest tests; only the folder and the pace differ.
import { defineConfig } from 'vitest/config'
import baseConfig from './vitest.config.ts'

export default defineConfig({
	...baseConfig,
	test: {
		...baseConfig.test,
		include: ['tests/reliability/**/*.test.ts'],
		exclude: ['node_modules/**'],
		// The sending tests start worker processes of their own and would fight over two cores;
		// one file at a time keeps each test's figures about the code, not about its neighbours.
		fileParallelism: false,
		testTimeout: 300_000,
		hookTimeout: 120_000,
	},
})
