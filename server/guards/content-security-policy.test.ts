import { expect, test } from 'vitest'
import { contentSecurityPolicy } from './content-security-policy.ts'

function directives(policy: string) {
	return Object.fromEntries(
		policy.split('; ').map((directive) => {
			const [name, ...sources] = directive.split(' ')
			return [name!, sources]
		}),
	)
}

test('production: scripts and <style> only from our origin or with the nonce; nothing from elsewhere', () => {
	const policy = directives(contentSecurityPolicy({ nonce: 'abc123', development: false }))
	expect(policy['default-src']).toEqual(["'self'"])
	expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"])
	expect(policy['style-src']).toEqual(["'self'", "'nonce-abc123'"])
	expect(policy['connect-src']).toEqual(["'self'"])
	expect(policy['form-action']).toEqual(["'self'", 'https://accounts.google.com'])
	expect(policy['frame-ancestors']).toEqual(["'none'"])
	expect(policy['object-src']).toEqual(["'none'"])
	expect(policy['base-uri']).toEqual(["'self'"])
	const everySource = Object.entries(policy).flatMap(([name, sources]) =>
		name === 'style-src-attr' ? [] : sources,
	)
	expect(everySource).not.toContain("'unsafe-inline'")
	expect(everySource).not.toContain("'unsafe-eval'")
})

test("development: Vite's injected styles and HMR socket, still no inline script without the nonce", () => {
	const policy = directives(contentSecurityPolicy({ nonce: 'abc123', development: true }))
	expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"])
	expect(policy['style-src']).toContain("'unsafe-inline'")
	expect(policy['connect-src']).toEqual(["'self'", 'ws:'])
})
