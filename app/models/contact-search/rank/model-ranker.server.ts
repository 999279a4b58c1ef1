import { z } from 'zod'
import {
	AssistantError,
	createStructuredCompletion,
	isAssistantAbort,
	type ModelUsage,
} from '#app/integrations/openai/openai-client.server.ts'
import { compareRanked, type OfflineRanked } from './offline-ranker.ts'

// The model ranker (decision 036). The offline order picks the pool the model reads (the best
// MODEL_POOL); the pool is dealt into windows of 20 round-robin, so every window holds strong and weak
// candidates alike and per-window scores are comparable. Each window is one structured call (key,
// score 0–100, reason) under short keys (c1…c20) of our own: any other key is dropped, so the model
// never adds a person. Answers are repaired (unknown and repeated keys dropped, scores clamped), the
// candidates it left out are asked once more, and what is still missing — or a window whose call
// failed — keeps its offline score and reason. Scores merge as 0.7 × model (half the raw score, half
// its min–max position in the window) + 0.3 × offline; then the top 20 across windows are re-ranked in
// one last call.

export const MODEL_WINDOW = 20
export const MODEL_POOL = 100
const MODEL_WEIGHT = 0.7
const SUMMARY_CHARS = 400
const REASON_CHARS = 300

export const WindowRankingSchema = z.object({
	rankings: z.array(
		z.object({
			key: z.string().describe('The candidate key as given, such as "c3".'),
			score: z.number().describe('0–100: how well this person matches what the user is looking for.'),
			reason: z
				.string()
				.describe('One short sentence in plain words: what in their title or details matches, or not.'),
		}),
	),
})
export type WindowRanking = z.infer<typeof WindowRankingSchema>

const SYSTEM = [
	'You rank the people of one company for a salesperson who is looking for specific people there.',
	'Score every candidate from 0 to 100 for how well they match what the user is looking for: the function,',
	'the seniority and any place or topic the user names. A title that only contains the same words',
	'(an assistant to the CFO when the CFO is asked, a Sales Engineer when the Head of Sales is asked) is not a match.',
	'Use only the facts given. Return each candidate once, by the key given; never add anyone.',
	'The reason is one short sentence that names what matched (or did not) in their title, details or location.',
].join(' ')

export type ModelRankInput = {
	organizationId: string
	lookingFor: string
	myCompany: string
	company: { name: string; description: string | null }
	/** Every candidate in the offline order, with offline scores and reasons. */
	offline: OfflineRanked[]
	signal?: AbortSignal
	onUsage?: (usage: ModelUsage) => void
}

export type ModelRanked = OfflineRanked & { byModel: boolean }

type Answer = { score: number; reason: string | null }

function line(key: string, entry: OfflineRanked) {
	const { candidate } = entry
	const fields = [
		`role: ${candidate.role?.trim() || 'unknown'}`,
		candidate.roleDetails?.trim() && `details: ${candidate.roleDetails.trim()}`,
		candidate.location?.trim() && `location: ${candidate.location.trim()}`,
		candidate.summary?.trim() && `summary: ${candidate.summary.trim().slice(0, SUMMARY_CHARS)}`,
	].filter(Boolean)
	return `[${key}] ${fields.join(' | ').replace(/\s+/g, ' ')}`
}

function prompt(input: ModelRankInput, keyed: Array<[string, OfflineRanked]>, again: boolean) {
	return [
		`What the user is looking for: ${input.lookingFor}`,
		`The user's own company: ${input.myCompany}`,
		`The company these people work at: ${input.company.name}${input.company.description ? ` — ${input.company.description.slice(0, 1_000)}` : ''}`,
		again ? 'These candidates were missing from your last answer: score each of them.' : '',
		`Candidates (${keyed.length}):`,
		...keyed.map(([key, entry]) => line(key, entry)),
	]
		.filter(Boolean)
		.join('\n')
}

/** The model's answer, repaired: known keys only ("C3", "3" and " c3 " read as c3), once each, scores 0–100. */
export function repairWindowAnswer(answer: WindowRanking, keys: Set<string>) {
	const answers = new Map<string, Answer>()
	let dropped = 0
	for (const ranking of answer.rankings) {
		let key = ranking.key
			.trim()
			.toLowerCase()
			.replace(/^\[|\]$/g, '')
		if (/^\d+$/.test(key)) key = `c${key}`
		if (!keys.has(key) || answers.has(key) || !Number.isFinite(ranking.score)) {
			dropped++
			continue
		}
		const reason = ranking.reason.replace(/\s+/g, ' ').trim().slice(0, REASON_CHARS)
		answers.set(key, { score: Math.min(100, Math.max(0, Math.round(ranking.score))), reason: reason || null })
	}
	return { answers, dropped }
}

async function ask(input: ModelRankInput, keyed: Array<[string, OfflineRanked]>, again: boolean) {
	const answer = await createStructuredCompletion({
		schema: WindowRankingSchema,
		schemaName: 'candidate_ranking',
		system: SYSTEM,
		user: prompt(input, keyed, again),
		organizationId: input.organizationId,
		signal: input.signal,
		onUsage: input.onUsage,
	})
	return repairWindowAnswer(answer, new Set(keyed.map(([key]) => key)))
}

/** One window: the model's answers by candidate key, or null when the model could not be used for it. */
export async function rankWindow(input: ModelRankInput, window: OfflineRanked[]) {
	const keyed = window.map((entry, index) => [`c${index + 1}`, entry] as [string, OfflineRanked])
	let answers: Map<string, Answer>
	try {
		answers = (await ask(input, keyed, false)).answers
	} catch (error) {
		if (isAssistantAbort(error) || !(error instanceof AssistantError)) throw error
		console.warn(`contact search: a ranking window fell back offline (${error.reason})`)
		return null
	}
	const missing = keyed.filter(([key]) => !answers.has(key))
	if (missing.length && missing.length < keyed.length) {
		// Asked once more for the ones it left out, under the same keys.
		try {
			const again = await ask(input, missing, true)
			for (const [key, value] of again.answers) if (!answers.has(key)) answers.set(key, value)
		} catch (error) {
			if (isAssistantAbort(error) || !(error instanceof AssistantError)) throw error
		}
	}
	if (!answers.size) return null
	const byCandidate = new Map<string, Answer>()
	for (const [key, entry] of keyed) {
		const answer = answers.get(key)
		if (answer) byCandidate.set(entry.candidate.key, answer)
	}
	return byCandidate
}

function round(score: number) {
	return Math.round(Math.min(1, Math.max(0, score)) * 10_000) / 10_000
}

export async function rankWithModel(
	input: ModelRankInput,
): Promise<{ ranked: ModelRanked[]; usedModel: boolean }> {
	const pool = input.offline.slice(0, MODEL_POOL)
	const rest = input.offline.slice(MODEL_POOL)
	const windowCount = Math.ceil(pool.length / MODEL_WINDOW)
	const windows: OfflineRanked[][] = Array.from({ length: windowCount }, () => [])
	pool.forEach((entry, index) => windows[index % windowCount]!.push(entry))

	const answered = await Promise.all(windows.map((window) => rankWindow(input, window)))
	let usedModel = false
	const merged: ModelRanked[] = []
	windows.forEach((window, index) => {
		const answers = answered[index]
		const scores = answers ? [...answers.values()].map((answer) => answer.score) : []
		const min = Math.min(...scores)
		const max = Math.max(...scores)
		for (const entry of window) {
			const answer = answers?.get(entry.candidate.key)
			if (!answer) {
				merged.push({ ...entry, byModel: false })
				continue
			}
			usedModel = true
			const position = max > min ? (answer.score - min) / (max - min) : answer.score / 100
			const model = 0.5 * (answer.score / 100) + 0.5 * position
			merged.push({
				...entry,
				score: round(MODEL_WEIGHT * model + (1 - MODEL_WEIGHT) * entry.score),
				reason: answer.reason ?? entry.reason,
				byModel: true,
			})
		}
	})
	merged.sort(compareRanked)

	// The best of every window side by side once: scores of different windows are not quite comparable.
	if (usedModel && windowCount > 1) {
		const top = merged.slice(0, MODEL_WINDOW)
		const offlineByKey = new Map(pool.map((entry) => [entry.candidate.key, entry]))
		const final = await rankWindow(
			input,
			top.map((entry) => offlineByKey.get(entry.candidate.key)!),
		)
		if (final) {
			const floor = merged[MODEL_WINDOW]?.score ?? 0
			const reranked = top.map((entry) => {
				const answer = final.get(entry.candidate.key)
				if (!answer) return entry
				const offline = offlineByKey.get(entry.candidate.key)!.score
				const score = MODEL_WEIGHT * (answer.score / 100) + (1 - MODEL_WEIGHT) * offline
				// The final call orders the top group; it does not drop anyone below the next window's best.
				return {
					...entry,
					score: round(Math.max(score, floor)),
					reason: answer.reason ?? entry.reason,
					byModel: true,
				}
			})
			reranked.sort(compareRanked)
			merged.splice(0, top.length, ...reranked)
		}
	}

	// Beyond the pool: the offline order, after everyone the model read.
	const last = merged[merged.length - 1]?.score ?? 1
	for (const entry of rest) merged.push({ ...entry, score: Math.min(entry.score, last), byModel: false })
	return { ranked: merged, usedModel }
}
