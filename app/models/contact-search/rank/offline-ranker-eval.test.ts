import { describe, expect, test } from 'vitest'
import { loadRankingEval } from '#tests/fixtures/contact-search/ranking-eval.ts'
import { ndcgAtK } from './ndcg.ts'
import { rankOffline } from './offline-ranker.ts'

// The offline ranker over the labelled evaluation set (tests/fixtures/contact-search/ranking-eval.json;
// decision 036 records the figure and how the labels were made).

describe('the offline ranker on the evaluation set', () => {
	const queries = loadRankingEval()

	test('the set is the size the issue asks for', () => {
		expect(queries.length).toBeGreaterThanOrEqual(30)
		for (const query of queries) {
			expect(query.candidates.length, query.id).toBeGreaterThanOrEqual(10)
			expect(query.candidates.length, query.id).toBeLessThanOrEqual(25)
		}
	})

	test('mean nDCG@5 ≥ 0.8', () => {
		const scores = queries.map((query) => {
			const ranked = rankOffline(query.lookingFor, query.candidates)
			const relevance = new Map(query.candidates.map((candidate) => [candidate.key, candidate.relevance]))
			return {
				id: query.id,
				lookingFor: query.lookingFor,
				ndcg: ndcgAtK(
					ranked.map((entry) => relevance.get(entry.candidate.key) ?? 0),
					query.candidates.map((candidate) => candidate.relevance),
					5,
				),
			}
		})
		const mean = scores.reduce((sum, score) => sum + score.ndcg, 0) / scores.length
		const worst = [...scores].sort((a, b) => a.ndcg - b.ndcg).slice(0, 3)
		console.log(
			`offline ranker: mean nDCG@5 = ${mean.toFixed(3)} over ${scores.length} queries; lowest: ${worst.map((score) => `${score.id} "${score.lookingFor}" ${score.ndcg.toFixed(2)}`).join(', ')}`,
		)
		expect(mean).toBeGreaterThanOrEqual(0.8)
	})
})
