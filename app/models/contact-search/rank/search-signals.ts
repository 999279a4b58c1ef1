import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { readQuery, readTitle, type TitleReading } from './read-title.ts'
import { type BusinessFunction, type Level } from './role-vocabulary.ts'

// What the organization kept and set aside before moves similar people now (decision 036):
// - a past search counts when its query is similar: Jaccard of the functions the two queries name,
//   times 0.6 + 0.4 × level closeness (1 for a shared level, 0.5 one apart or one query without a level,
//   0 further apart); it counts from 0.3, so never without a shared function;
// - a past person is similar to a candidate when they share a function: 1 at the same level, 0.5 one
//   level apart, 0.2 otherwise (and 0 without a shared function);
// - kept people add, set-aside people subtract: boost = 0.15·(1 − e^−A) − 0.15·(1 − e^−R), where A and R
//   sum query similarity × person similarity. So the move is bounded by ±0.15 and one signal already
//   counts (≈ 0.09 at full similarity) while ten do not push ten times as hard.

export type SearchSignal = {
	kind: 'ACCEPTED' | 'REJECTED'
	lookingFor: string
	role: string | null
	roleDetails: string | null
}

export const MAX_SIGNAL_MOVE = 0.15
const MIN_QUERY_SIMILARITY = 0.3
const MIN_REPORTED_MOVE = 0.01

type PreparedSignal = {
	kind: SearchSignal['kind']
	querySimilarity: number
	title: TitleReading
	role: string
}

export type SignalMove = { move: number; note: string | null }

type QueryShape = { functions: Set<string>; levels: number[] }

function queryShape(lookingFor: string): QueryShape {
	const reading = readQuery(lookingFor)
	return { functions: new Set(reading.functions.map((part) => part.value)), levels: reading.levels.map((part) => part.value) } // prettier-ignore
}

/** Shared functions (Jaccard) times how close the levels asked are: 0 without a shared function. */
export function querySimilarity(a: QueryShape, b: QueryShape) {
	if (!a.functions.size || !b.functions.size) return 0
	let shared = 0
	for (const fn of a.functions) if (b.functions.has(fn)) shared++
	const functions = shared / (a.functions.size + b.functions.size - shared)
	let levels = 1
	if (a.levels.length && b.levels.length) {
		let distance = 99
		for (const x of a.levels) for (const y of b.levels) distance = Math.min(distance, Math.abs(x - y))
		levels = distance === 0 ? 1 : distance === 1 ? 0.5 : 0
	} else if (a.levels.length || b.levels.length) levels = 0.5
	return functions * (0.6 + 0.4 * levels)
}

/** The signals that bear on this query, read once per search. */
export function prepareSignals(lookingFor: string, signals: SearchSignal[]): PreparedSignal[] {
	const current = queryShape(lookingFor)
	const prepared: PreparedSignal[] = []
	const byQuery = new Map<string, number>()
	for (const signal of signals) {
		const role = [signal.role, signal.roleDetails].filter(Boolean).join(' — ')
		if (!role) continue
		let similarity = byQuery.get(signal.lookingFor)
		if (similarity === undefined) {
			similarity = querySimilarity(current, queryShape(signal.lookingFor))
			byQuery.set(signal.lookingFor, similarity)
		}
		if (similarity < MIN_QUERY_SIMILARITY) continue
		const title = readTitle(signal.role)
		if (!title.functions.size && signal.roleDetails) {
			const details = readTitle(signal.roleDetails)
			for (const fn of details.functions) title.functions.add(fn)
			title.level ??= details.level
		}
		if (!title.functions.size) continue
		prepared.push({ kind: signal.kind, querySimilarity: similarity, title, role: signal.role ?? role })
	}
	return prepared
}

function personSimilarity(a: TitleReading, b: TitleReading) {
	let sharesFunction = false
	for (const fn of a.functions as Set<BusinessFunction>) if (b.functions.has(fn)) sharesFunction = true
	if (!sharesFunction) return 0
	if (a.level === null || b.level === null) return 0.2
	const distance = Math.abs((a.level as Level) - (b.level as Level))
	return distance === 0 ? 1 : distance === 1 ? 0.5 : 0.2
}

/** How far the organization's past choices move this candidate, and the words that say so. */
export function signalMove(prepared: PreparedSignal[], candidate: ContactCandidate): SignalMove {
	if (!prepared.length) return { move: 0, note: null }
	const title = readTitle(candidate.role)
	if (!title.functions.size && candidate.roleDetails) {
		const details = readTitle(candidate.roleDetails)
		for (const fn of details.functions) title.functions.add(fn)
		title.level ??= details.level
	}
	let accepted = 0
	let rejected = 0
	const keptRoles: Array<{ role: string; weight: number }> = []
	const droppedRoles: Array<{ role: string; weight: number }> = []
	for (const signal of prepared) {
		const weight = signal.querySimilarity * personSimilarity(signal.title, title)
		if (!weight) continue
		if (signal.kind === 'ACCEPTED') {
			accepted += weight
			keptRoles.push({ role: signal.role, weight })
		} else {
			rejected += weight
			droppedRoles.push({ role: signal.role, weight })
		}
	}
	const move = MAX_SIGNAL_MOVE * (1 - Math.exp(-accepted)) - MAX_SIGNAL_MOVE * (1 - Math.exp(-rejected))
	const rounded = Math.round(move * 10_000) / 10_000
	if (Math.abs(rounded) < MIN_REPORTED_MOVE) return { move: rounded, note: null }
	const roles = (entries: Array<{ role: string; weight: number }>) =>
		[...new Set(entries.sort((a, b) => b.weight - a.weight).map((entry) => `'${entry.role}'`))]
			.slice(0, 2)
			.join(', ')
	const note =
		rounded > 0
			? `ranked up: you kept similar people before (${roles(keptRoles)})`
			: `ranked down: you set aside similar people before (${roles(droppedRoles)})`
	return { move: rounded, note }
}
