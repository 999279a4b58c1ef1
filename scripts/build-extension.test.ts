import { expect, test } from 'vitest'
import { LINKEDIN_COMPANION_EXTENSION_ID } from '#app/components/linkedin/linkedin-companion.ts'
import { companionManifest, extensionIdFromKey, readManifestKey, settingsFromEnv } from './build-extension.ts'

test("the page's extension id is the one Chrome derives from the committed public key", async () => {
	expect(extensionIdFromKey(await readManifestKey())).toBe(LINKEDIN_COMPANION_EXTENSION_ID)
})

test("Chrome's id derivation: the first 32 hex digits of the key's SHA-256, 0-f mapped to a-p", () => {
	// SHA-256 of no bytes is e3b0c44298fc1c149afbf4c8996fb924…
	expect(extensionIdFromKey('')).toBe('odlameecjipmbmbejkplpemijjgpljce')
})

test('the manifest lets the app and localhost message the companion, and reach LinkedIn and the app', () => {
	const manifest = companionManifest({ manifest_version: 3, name: 'x' }, 'KEY', {
		appUrl: 'https://app.reachout.test/some/path',
		linkedinUrl: 'https://www.linkedin.com',
	})
	expect(manifest).toEqual({
		manifest_version: 3,
		name: 'x',
		key: 'KEY',
		host_permissions: ['https://www.linkedin.com/*', 'https://app.reachout.test/*'],
		externally_connectable: {
			matches: ['https://app.reachout.test/*', 'http://localhost/*', 'http://127.0.0.1/*'],
		},
	})
	// Tests: the app and the fake LinkedIn on localhost ports (patterns without a port match any).
	const local = companionManifest({}, 'KEY', {
		appUrl: 'http://localhost:3951',
		linkedinUrl: 'http://localhost:3931',
	})
	expect(local.host_permissions).toEqual(['http://localhost/*'])
	expect(local.externally_connectable.matches).toEqual([
		'http://localhost:3951/*',
		'http://localhost/*',
		'http://127.0.0.1/*',
	])
	expect(() => companionManifest({}, 'KEY', { appUrl: 'javascript:alert(1)', linkedinUrl: 'x' })).toThrow(
		'COMPANION_APP_URL must be an http(s) URL',
	)
})

test('settings: COMPANION_* first, then APP_URL, then the defaults', () => {
	expect(settingsFromEnv({})).toMatchObject({
		appUrl: 'http://localhost:3000',
		linkedinUrl: 'https://www.linkedin.com',
		pollSeconds: 60,
	})
	expect(settingsFromEnv({ APP_URL: 'https://app.test' }).appUrl).toBe('https://app.test')
	expect(
		settingsFromEnv({
			APP_URL: 'https://app.test',
			COMPANION_APP_URL: 'http://localhost:3951',
			COMPANION_LINKEDIN_URL: 'http://localhost:3931',
			COMPANION_POLL_SECONDS: '30',
		}),
	).toMatchObject({ appUrl: 'http://localhost:3951', linkedinUrl: 'http://localhost:3931', pollSeconds: 30 })
	expect(() => settingsFromEnv({ COMPANION_POLL_SECONDS: 'soon' })).toThrow('COMPANION_POLL_SECONDS')
})
