import { setNonce } from 'get-nonce'

// What the browser's libraries need to live under our Content-Security-Policy (decision 019).

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that as each
 * schema is built; without 'unsafe-eval' even the probe is a reported violation. Its settings
 * live on `globalThis.__zod_globalConfig`, so this classic script in <head>, which runs before
 * any module, turns the compiler off in the browser (the interpreted parsers are as correct;
 * the server keeps the compiler).
 */
const ZOD_WITHOUT_EVAL =
	'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })'

export function BrowserCspPrelude({ nonce }: { nonce: string }) {
	return (
		<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
	)
}

/**
 * Radix's scroll lock (react-remove-scroll) adds a <style> when a dialog opens; get-nonce gives
 * it the page's nonce, which the browser keeps in the `nonce` property of the scripts it ran.
 */
export function shareNonceWithStyleInjectors() {
	if (typeof document === 'undefined') return
	const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
	if (nonce) setNonce(nonce)
}
