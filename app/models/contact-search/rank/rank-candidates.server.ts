import { isModelConfigured, type ModelUsage } from '#app/integrations/openai/openai-client.server.ts'
import { recordAssistantUsage } from '#app/models/assistant/assistant-usage.server.ts'
import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { rankWithModel } from './model-ranker.server.ts'
import { compareRanked, type OfflineRanked, rankOffline } from './offline-ranker.ts'
import { prepareSignals, type SearchSignal, signalMove } from './search-signals.ts'

// Ranks one company's candidates for what the user is looking for (issue 15, decision 036). The model
// ranks in windows of 20 when a key is set; otherwise — or when every window failed — the offline
// ranker. The organization's earlier keeps and set-asides then move similar people (±0.15 at most).
// Every result carries its reason.

export type { SearchSignal } from './search-signals.ts'

export type RankedCandidate = ContactCandidate & {
	rank: number
	/** 0–1, higher is better. */
	score: number
	matchReason: string
}

export type RankCandidatesInput = {
	organizationId: string
	lookingFor: string
	/** The searcher's own company, in words (the organization's summary or description). */
	myCompany: string
	company: { name: string; description: string | null }
	candidates: ContactCandidate[]
	topX: number
	signals: SearchSignal[]
	signal?: AbortSignal
}

export async function rankCandidates(
	input: RankCandidatesInput,
): Promise<{ ranked: RankedCandidate[]; ranker: 'model' | 'offline' }> {
	let entries: OfflineRanked[] = rankOffline(input.lookingFor, input.candidates)
	let ranker: 'model' | 'offline' = 'offline'
	if (isModelConfigured() && entries.length) {
		const result = await rankWithModel({
			organizationId: input.organizationId,
			lookingFor: input.lookingFor,
			myCompany: input.myCompany,
			company: input.company,
			offline: entries,
			signal: input.signal,
			onUsage: recordUsage(input.organizationId),
		})
		if (result.usedModel) {
			entries = result.ranked
			ranker = 'model'
		}
	}
	entries = applySignals(input.lookingFor, input.signals, entries)
	const ranked = entries.slice(0, Math.max(0, input.topX)).map((entry, index) => ({
		...entry.candidate,
		rank: index + 1,
		score: entry.score,
		matchReason: entry.reason,
	}))
	return { ranked, ranker }
}

/** Earlier keeps lift and set-asides lower similar people; the reason says so when it moved someone. */
export function applySignals(lookingFor: string, signals: SearchSignal[], entries: OfflineRanked[]) {
	const prepared = prepareSignals(lookingFor, signals)
	if (!prepared.length) return entries
	// Ordered by the moved score, reported within 0–1: two people at 1 still keep the order the move gave.
	const moved = entries.map((entry) => {
		const { move, note } = signalMove(prepared, entry.candidate)
		const order = entry.score + move
		if (!move) return { entry, order }
		const score = Math.round(Math.min(1, Math.max(0, order)) * 10_000) / 10_000
		return { entry: { ...entry, score, reason: note ? `${entry.reason}; ${note}` : entry.reason }, order }
	})
	moved.sort((a, b) => b.order - a.order || compareRanked(a.entry, b.entry))
	return moved.map(({ entry }) => entry)
}

function recordUsage(organizationId: string) {
	return (usage: ModelUsage) => {
		recordAssistantUsage({ organizationId, ...usage }).catch((error: unknown) => {
			console.error(`contact search: recording model usage for ${organizationId} failed`, error)
		})
	}
}
