import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3917)

/** Debian's Chromium by default; CHROMIUM_PATH overrides; else Playwright's own browser. */
function chromiumPath() {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
	return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

export default defineConfig({
	testDir: './tests/e2e',
	// Journeys across several pages on a 2-core machine running both lanes: 30 s was tight.
	timeout: 45_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	workers: 1,
	retries: process.env.CI ? 1 : 0,
	reporter: process.env.CI ? 'list' : [['list']],
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: 'retain-on-failure',
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
		env: { E2E_PORT: String(PORT) },
		stdout: 'pipe',
		stderr: 'pipe',
	},
})
