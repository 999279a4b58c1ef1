// `prisma generate` needs no schema engine, but the CLI tries to download one
// unless PRISMA_SCHEMA_ENGINE_BINARY names an executable: point it at `true`.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const engine = ['/usr/bin/true', '/bin/true'].find((path) => existsSync(path)) ?? process.execPath
const prismaCli = require.resolve('prisma/build/index.js')
execFileSync(process.execPath, [prismaCli, 'generate'], {
	stdio: 'inherit',
	env: {
		...process.env,
		PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? engine,
		PRISMA_HIDE_UPDATE_MESSAGE: '1',
	},
})
