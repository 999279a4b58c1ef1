import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

// The companion's zip, as `npm run build:extension` (part of `npm run build`) writes it; the app
// serves it for download from /companion (decision 032). COMPANION_ZIP_PATH points elsewhere.

export const COMPANION_ZIP_NAME = 'reachout-companion.zip'

/** The app runs from the project's root (npm start); this module is bundled, so its own path says nothing. */
export function companionZipPath() {
	return process.env.COMPANION_ZIP_PATH || path.resolve('build/extension', COMPANION_ZIP_NAME)
}

/** The zip's size and build time, or null when it has not been built. */
export async function companionZipInfo() {
	const info = await stat(companionZipPath()).catch(() => null)
	return info?.isFile() ? { bytes: info.size, builtAt: info.mtime } : null
}

/** The zip's bytes, or null when it has not been built. */
export async function readCompanionZip() {
	return readFile(companionZipPath()).catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'ENOENT' || error.code === 'EISDIR') return null
		throw error
	})
}
