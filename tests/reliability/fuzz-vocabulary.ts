import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

// The words the fuzz speaks, read from the app's own source so they follow it: the field names of
// every zod schema, the query parameters routes read, and every form intent. Random keys find
// little; the app's own keys with hostile values reach the code behind validation.

const appDir = path.resolve(import.meta.dirname, '../../app')

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

function collect(files: string[], patterns: RegExp[]) {
	const found = new Set<string>()
	for (const file of files) {
		const text = readFileSync(file, 'utf8')
		for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]!)
	}
	return [...found].sort()
}

const schemaFiles = sourceFiles(path.join(appDir, 'schemas'))
const appFiles = sourceFiles(appDir)

/** Keys of the zod objects in app/schemas (the bodies' fields). */
export const FIELD_NAMES = collect(schemaFiles, [
	/^\s*['"]?([A-Za-z_]\w*)['"]?\s*:\s*(?:z\b|[A-Z]\w*Schema\b)/gm,
])

/** Query parameters the routes and models read. */
export const QUERY_NAMES = collect(appFiles, [
	/searchParams\.(?:get|getAll|has)\(\s*['"]([^'"]+)['"]/g,
	/url\.searchParams\.get\(\s*['"]([^'"]+)['"]/g,
])

/** Form intents: zod literals, `intent === '…'`, `name="intent" value="…"` and the intent maps. */
export const INTENTS = collect(appFiles, [
	/intent:\s*z\.literal\(\s*['"]([^'"]+)['"]/g,
	/intent['"]?\)?\s*[!=]==\s*['"]([^'"]+)['"]/g,
	/name="intent"\s+value="([^"]+)"/g,
	/value="([^"]+)"\s+name="intent"/g,
	/^\s*\w+:\s*'([a-z]+(?:-[a-z]+)+)',?$/gm,
])
