import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

// `npm run bench -- <name>` runs bench/<name>.ts; without a name it lists them.
const name = process.argv[2]
const benchDir = import.meta.dirname
const available = readdirSync(benchDir)
	.filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('_'))
	.map((file) => file.replace(/\.ts$/, ''))

if (!name || !existsSync(path.join(benchDir, `${name}.ts`))) {
	console.log(`usage: npm run bench -- <name>\navailable: ${available.join(', ')}`)
	process.exit(name ? 1 : 0)
}
await import(path.join(benchDir, `${name}.ts`))
