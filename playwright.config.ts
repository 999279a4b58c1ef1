import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3917)

/** Debian's Chromium by default; CHROMIUM_PATH overrides; else Playwright's own browser. */
function chromiumPath() {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
	return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

function shardFromEnv(value: string | undefined) {
	const match = value?.match(/^(\d+)\/(\d+)$/)
	return match ? { current: Number(match[1]), total: Number(match[2]) } : null
}

export default defineConfig({
	testDir: './tests/e2e',
	// npm test runs the axe sweep beside the other specs, on its own server (scripts/test-all.ts).
	testIgnore: process.env.E2E_IGNORE ? process.env.E2E_IGNORE.split(',') : undefined,
	// Each server's run has its own results folder: Playwright empties it when a run starts, and a
	// second run sharing it deleted the first one's traces mid-test.
	outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
	// E2E_SHARD ("1/2", "2/2") splits the specs across servers; npm test runs one (two were slower on
	// the 2-core machine: scripts/test-all.ts).
	shard: shardFromEnv(process.env.E2E_SHARD),
	// Journeys across several pages on a 2-core machine running both lanes: 30 s was tight.
	timeout: 45_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	workers: 1,
	retries: process.env.CI ? 1 : 0,
	reporter: process.env.CI ? 'list' : [['list']],
	use: {
		baseURL: `http://localhost:${PORT}`,
		// Recording a trace of every test cost 45 % of the run's CPU (3 specs: 212 → 115 CPU-seconds):
		// record only the retry of a test that failed, which is where it is read.
		trace: 'on-first-retry',
		// No animation frames to draw (app/styles/tailwind.css honours reduced motion): 8 % less CPU.
		reducedMotion: 'reduce',
		screenshot: 'only-on-failure',
	},
	projects: [
		{
			name: 'chromium',
			use: {
				...devices['Desktop Chrome'],
				launchOptions: {
					executablePath: chromiumPath(),
					args: [
						'--no-sandbox',
						'--disable-gpu',
						'--disable-background-networking',
						'--disable-component-update',
						'--disable-sync',
						'--disable-quic',
						'--no-first-run',
					],
				},
			},
		},
	],
	webServer: {
		command: 'node --import tsx tests/e2e/serve.ts',
		// SIGTERM lets the server stop its worker and the embedded database (the default is SIGKILL).
		gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
		url: `http://localhost:${PORT}/resources/healthcheck`,
		reuseExistingServer: false,
		timeout: 120_000,
		env: { E2E_PORT: String(PORT), E2E_POSTGRES_NAME: process.env.E2E_POSTGRES_NAME ?? '' },
		stdout: 'pipe',
		stderr: 'pipe',
	},
})
