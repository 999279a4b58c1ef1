import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// `npm run soak`: the reliability suite, long (decision 022). Each file of tests/reliability/ runs
// alone, one after another, for its share of SOAK_MINUTES (default 30): the sending tests repeat
// larger rounds until their share is up, the fuzz and the sweep make RELIABILITY_RUNS runs
// (default 500). Each test appends its figures to a file; the table at the end sums them up.
// Uses DATABASE_URL's PostgreSQL when set, else the embedded one, as `npm test` does.

const projectRoot = path.resolve(import.meta.dirname, '..')
const suiteDir = path.join(projectRoot, 'tests/reliability')
const minutes = Number(process.env.SOAK_MINUTES ?? 30)
const runs = process.env.RELIABILITY_RUNS ?? '500'
const only = process.argv.slice(2)
const files = readdirSync(suiteDir)
	.filter((file) => file.endsWith('.test.ts'))
	.filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
	.sort()
if (!Number.isFinite(minutes) || minutes <= 0 || files.length === 0) {
	console.error('usage: SOAK_MINUTES=30 RELIABILITY_RUNS=500 npm run soak [-- <file name part>…]')
	process.exit(1)
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const figuresFile = path.join(projectRoot, '.data/soak', `${stamp}.jsonl`)
mkdirSync(path.dirname(figuresFile), { recursive: true })
const shareMs = (minutes * 60_000) / files.length
const started = Date.now()
console.log(
	`soak: ${files.length} files, ${minutes} min (${Math.round(shareMs / 60_000)} min each), ` +
		`RELIABILITY_RUNS=${runs}; ${os.cpus().length} cores, load ${loadAverage()}`,
)

const results = new Map<string, { passed: boolean; seconds: number }>()
for (const file of files) {
	const fileStarted = Date.now()
	console.log(`\n── ${file} until ${new Date(fileStarted + shareMs).toISOString()} (load ${loadAverage()})`)
	const run = spawnSync(
		'npx',
		['vitest', 'run', '--config', 'vitest.reliability.config.ts', path.join('tests/reliability', file)],
		{
			cwd: projectRoot,
			stdio: 'inherit',
			env: {
				...process.env,
				SOAK_UNTIL: String(fileStarted + shareMs),
				RELIABILITY_RUNS: runs,
				RELIABILITY_FIGURES: figuresFile,
			},
		},
	)
	results.set(file.replace(/\.test\.ts$/, ''), {
		passed: run.status === 0,
		seconds: Math.round((Date.now() - fileStarted) / 1000),
	})
}

printSummary()
process.exit([...results.values()].every((result) => result.passed) ? 0 : 1)

function loadAverage() {
	return os
		.loadavg()
		.map((load) => load.toFixed(1))
		.join(' ')
}

type Figures = Record<string, number | string | undefined> & { test: string; notes?: string }

function printSummary() {
	const lines: Figures[] = existsSync(figuresFile)
		? readFileSync(figuresFile, 'utf8')
				.split('\n')
				.filter(Boolean)
				.map((line) => JSON.parse(line) as Figures)
		: []
	const columns = [
		['rounds', 'rounds'],
		['sends', 'sends'],
		['duplicates', 'dupl.'],
		['lost', 'lost'],
		['kills', 'kills'],
		['overCapDays', 'over-cap days'],
		['sendsAfterReply', 'sends after reply'],
		['falseReplies', 'false replies'],
		['requests', 'requests'],
		['serverErrors', '5xx'],
		['partialWrites', 'partial writes'],
		['leaks', 'leaks'],
	] as const
	const header = ['test', ...columns.map(([, title]) => title), 'time', 'result']
	const rows = [...results.entries()].map(([test, result]) => {
		const figures = lines.filter((line) => line.test === test)
		const sum = (key: string) => {
			const values = figures.map((line) => line[key]).filter((value) => typeof value === 'number')
			return values.length === 0 ? '—' : String(values.reduce((total, value) => total + Number(value), 0))
		}
		return [
			test,
			...columns.map(([key]) => sum(key)),
			`${result.seconds} s`,
			result.passed ? 'passed' : 'FAILED',
		]
	})
	const widths = header.map((title, column) =>
		Math.max(title.length, ...rows.map((row) => row[column]!.length)),
	)
	const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')
	console.log(
		`\nsoak summary — ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 60_000)} min, ` +
			`${os.cpus().length} cores, load ${loadAverage()} (— : the test does not measure it)`,
	)
	console.log(format(header))
	console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
	for (const row of rows) console.log(format(row))
	for (const line of lines) if (line.notes) console.log(`  ${line.test}: ${line.notes}`)
	console.log(`figures: ${path.relative(projectRoot, figuresFile)}`)
}
