// Builds the Chrome companion (extension/) into a folder Chrome loads unpacked and a zip the app
// serves for download (decision 032). Build settings come from the environment:
//   COMPANION_APP_URL       the app's origin (default APP_URL, else http://localhost:3000): the pages
//                           allowed to message the companion, and where it claims LinkedIn actions
//   COMPANION_LINKEDIN_URL  the LinkedIn base it reads cookies of and calls (default
//                           https://www.linkedin.com; tests point it at the fake LinkedIn)
//   COMPANION_POLL_SECONDS  how often it asks the app for due actions (default 60)
//   COMPANION_OUT_DIR       where to write (default build/extension)
// Run: npm run build:extension

import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'
import { build } from 'esbuild'
import { zipSync } from 'fflate'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE = path.join(ROOT, 'extension')
export const ZIP_NAME = 'reachout-companion.zip'

export type CompanionBuildSettings = {
	appUrl: string
	linkedinUrl: string
	pollSeconds: number
	outDir: string
}

/** What the bundle is told at build time (src/config.ts declares it). */
export type CompanionConfig = {
	appOrigin: string
	linkedinBaseUrl: string
	pollSeconds: number
	version: string
}

export function settingsFromEnv(
	env: Record<string, string | undefined> = process.env,
): CompanionBuildSettings {
	const pollSeconds = Number(env.COMPANION_POLL_SECONDS ?? 60)
	if (!Number.isFinite(pollSeconds) || pollSeconds < 1) {
		throw new Error(`COMPANION_POLL_SECONDS must be a positive number, not ${env.COMPANION_POLL_SECONDS}`)
	}
	return {
		appUrl: env.COMPANION_APP_URL || env.APP_URL || 'http://localhost:3000',
		linkedinUrl: env.COMPANION_LINKEDIN_URL || 'https://www.linkedin.com',
		pollSeconds,
		outDir: path.resolve(ROOT, env.COMPANION_OUT_DIR || 'build/extension'),
	}
}

/**
 * Chrome's id for an extension with this public key (base64 DER SubjectPublicKeyInfo): the first
 * 32 hex digits of its SHA-256, each mapped 0-f → a-p.
 */
export function extensionIdFromKey(base64Key: string) {
	const hex = createHash('sha256').update(Buffer.from(base64Key.trim(), 'base64')).digest('hex')
	return [...hex.slice(0, 32)].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('')
}

export async function readManifestKey() {
	return (await readFile(path.join(SOURCE, 'manifest-key.txt'), 'utf8')).trim()
}

/** A match pattern for every path and port of a URL's host (Chrome's patterns without a port match any). */
function hostPattern(url: URL) {
	return `${url.protocol}//${url.hostname}/*`
}

function parseUrl(name: string, value: string) {
	try {
		const url = new URL(value)
		if (url.protocol === 'http:' || url.protocol === 'https:') return url
	} catch {
		// reported below
	}
	throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`)
}

/** The manifest for these settings: the template with its build-time fields filled in. */
export function companionManifest(
	template: Record<string, unknown>,
	key: string,
	settings: Pick<CompanionBuildSettings, 'appUrl' | 'linkedinUrl'>,
) {
	const app = parseUrl('COMPANION_APP_URL', settings.appUrl)
	const linkedin = parseUrl('COMPANION_LINKEDIN_URL', settings.linkedinUrl)
	const unique = (values: string[]) => [...new Set(values)]
	return {
		...template,
		key,
		host_permissions: unique([hostPattern(linkedin), hostPattern(app)]),
		externally_connectable: {
			// The app's pages, and any local development server.
			matches: unique([`${app.origin}/*`, 'http://localhost/*', 'http://127.0.0.1/*']),
		},
	}
}

export async function buildExtension(settings: CompanionBuildSettings) {
	const template = JSON.parse(await readFile(path.join(SOURCE, 'manifest.json'), 'utf8')) as Record<
		string,
		unknown
	>
	const key = await readManifestKey()
	const manifest = companionManifest(template, key, settings)
	const config: CompanionConfig = {
		appOrigin: new URL(settings.appUrl).origin,
		linkedinBaseUrl: new URL(settings.linkedinUrl).origin,
		pollSeconds: settings.pollSeconds,
		version: String(template.version),
	}
	const unpacked = path.join(settings.outDir, 'unpacked')
	await rm(settings.outDir, { recursive: true, force: true })
	await mkdir(unpacked, { recursive: true })

	await build({
		entryPoints: {
			'service-worker': path.join(SOURCE, 'src/service-worker.ts'),
			popup: path.join(SOURCE, 'src/popup.ts'),
		},
		outdir: unpacked,
		bundle: true,
		format: 'iife',
		platform: 'browser',
		target: 'chrome116',
		// Readable in chrome://extensions' inspector and for anyone who reviews what it does.
		minify: false,
		legalComments: 'none',
		tsconfig: path.join(SOURCE, 'tsconfig.json'),
		define: { __COMPANION_CONFIG__: JSON.stringify(config) },
		logLevel: 'warning',
	})
	await writeFile(path.join(unpacked, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
	for (const file of ['popup.html', 'popup.css']) {
		await copyFile(path.join(SOURCE, 'src', file), path.join(unpacked, file))
	}
	for (const size of [16, 48, 128]) await writeFile(path.join(unpacked, `icon-${size}.png`), iconPng(size))

	const files: Record<string, Uint8Array> = {}
	for (const name of (await readdir(unpacked)).sort()) {
		files[name] = await readFile(path.join(unpacked, name))
	}
	// A fixed date keeps the zip the same for the same sources.
	const zip = zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') })
	const zipPath = path.join(settings.outDir, ZIP_NAME)
	await writeFile(zipPath, zip)
	return { unpacked, zipPath, manifest, extensionId: extensionIdFromKey(key) }
}

/** The toolbar icon: a dark rounded square with a white ring (PNG, RGBA), drawn here rather than kept as binaries. */
function iconPng(size: number) {
	const radius = size * 0.22
	const rows: Buffer[] = []
	for (let y = 0; y < size; y++) {
		const row = Buffer.alloc(1 + size * 4)
		for (let x = 0; x < size; x++) {
			const cx = x + 0.5
			const cy = y + 0.5
			// Distance outside the rounded square's corner arcs.
			const dx = Math.max(radius - cx, cx - (size - radius), 0)
			const dy = Math.max(radius - cy, cy - (size - radius), 0)
			const inside = Math.hypot(dx, dy) <= radius
			const ring = Math.abs(Math.hypot(cx - size / 2, cy - size / 2) - size * 0.24)
			const white = ring <= size * 0.07
			const offset = 1 + x * 4
			if (!inside) continue
			row[offset] = white ? 250 : 24
			row[offset + 1] = white ? 250 : 24
			row[offset + 2] = white ? 250 : 27
			row[offset + 3] = 255
		}
		rows.push(row)
	}
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
		const length = Buffer.alloc(4)
		length.writeUInt32BE(data.length)
		const crc = Buffer.alloc(4)
		crc.writeUInt32BE(crc32(body))
		return Buffer.concat([length, body, crc])
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(size, 0)
	header.writeUInt32BE(size, 4)
	header[8] = 8 // bit depth
	header[9] = 6 // RGBA
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(Buffer.concat(rows))),
		chunk('IEND', Buffer.alloc(0)),
	])
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const settings = settingsFromEnv()
	const result = await buildExtension(settings)
	console.log(
		`Built the companion ${result.extensionId} for ${settings.appUrl} (LinkedIn ${settings.linkedinUrl}, every ${settings.pollSeconds} s)\n  ${path.relative(ROOT, result.unpacked)}/\n  ${path.relative(ROOT, result.zipPath)}`,
	)
}
