import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { writeSequenceWithModel } from '#app/models/assistant/model-writer.server.ts'
import { writeSequenceOffline } from '#app/models/assistant/offline-writer.ts'
import { rankWithModel } from '#app/models/contact-search/rank/model-ranker.server.ts'
import { ndcgAtK } from '#app/models/contact-search/rank/ndcg.ts'
import { rankOffline } from '#app/models/contact-search/rank/offline-ranker.ts'
import { evalCases } from '#tests/assistant/eval-cases.ts'
import { draftQualityChecks } from '#tests/assistant/eval-quality.ts'
import { scoreDraft } from '#tests/assistant/eval-score.ts'
import { offlineQualityScore } from '#tests/assistant/offline-quality-score.ts'
import { loadRankingEval } from '#tests/fixtures/contact-search/ranking-eval.ts'

// `npm run eval`: the evaluation set against the model of OPENAI_API_KEY / OPENAI_BASE_URL /
// OPENAI_MODEL (any OpenAI-compatible server), or the offline writer without a key; prints each
// failed check and the score.
// `npm run eval -- search`: the contact-search ranker (the model ranker with a key, else the offline
// one) on tests/fixtures/contact-search/ranking-eval.json; prints nDCG@5 per query and the mean.
// The writers need no database; the environment check still wants a URL.
process.env.DATABASE_URL ??= 'postgresql://localhost/unused'
if (process.argv[2] === 'search') await evaluateSearch()
else await evaluateSequences()

async function evaluateSequences() {
	const useModel = isModelConfigured()
	console.log(
		useModel ? `model: ${process.env.OPENAI_MODEL ?? 'default'}` : 'no OPENAI_API_KEY: the offline writer',
	)
	let passed = 0
	let total = 0
	let qualityPassed = 0
	let qualityTotal = 0
	for (const evalCase of evalCases) {
		const draft = useModel
			? await writeSequenceWithModel(evalCase.request, { organizationId: 'eval' })
			: writeSequenceOffline(evalCase.request)
		const checks = scoreDraft(evalCase, draft)
		// How it reads (issue 19): scored apart, as a share, since these are heuristics.
		const quality = draftQualityChecks(evalCase.request, draft)
		qualityPassed += quality.filter((check) => check.passed).length
		qualityTotal += quality.length
		passed += checks.filter((check) => check.passed).length
		total += checks.length
		for (const check of checks.filter((entry) => !entry.passed))
			console.log(`✗ ${evalCase.name}: ${check.check}${check.detail ? ` (${check.detail})` : ''}`)
	}
	console.log(
		`score: ${passed}/${total} checks (${((100 * passed) / total).toFixed(1)}%) over ${evalCases.length} cases`,
	)
	console.log(`quality of the drafts: ${qualityPassed}/${qualityTotal} checks`)
	if (!useModel) {
		// The offline writer's full quality score also covers six modifications of every draft.
		const offline = offlineQualityScore()
		for (const check of offline.failures)
			console.log(`✗ quality, ${check.name}: ${check.check}${check.detail ? ` (${check.detail})` : ''}`)
		console.log(
			`offline writer quality: ${offline.passed}/${offline.total} (${(100 * offline.score).toFixed(1)}%)`,
		)
	}
	process.exit(passed === total ? 0 : 1)
}

async function evaluateSearch() {
	const useModel = isModelConfigured()
	console.log(
		useModel
			? `contact search, model ranker: ${process.env.OPENAI_MODEL ?? 'default'}`
			: 'contact search, no OPENAI_API_KEY: the offline ranker',
	)
	const queries = loadRankingEval()
	let sum = 0
	let fellBack = 0
	for (const query of queries) {
		const offline = rankOffline(query.lookingFor, query.candidates)
		let order = offline
		if (useModel) {
			const result = await rankWithModel({
				organizationId: 'eval',
				lookingFor: query.lookingFor,
				myCompany: 'A B2B software company looking for the right people to talk to',
				company: { name: 'Evaluation Co', description: null },
				offline,
			})
			if (!result.usedModel) fellBack++
			order = result.ranked
		}
		const relevance = new Map(query.candidates.map((candidate) => [candidate.key, candidate.relevance]))
		const ndcg = ndcgAtK(
			order.map((entry) => relevance.get(entry.candidate.key) ?? 0),
			query.candidates.map((candidate) => candidate.relevance),
			5,
		)
		sum += ndcg
		console.log(`${ndcg.toFixed(2)}  ${query.id} "${query.lookingFor}"`)
	}
	const mean = sum / queries.length
	if (fellBack) console.log(`${fellBack} queries fell back to the offline ranker (the model failed)`)
	console.log(`nDCG@5: ${mean.toFixed(3)} over ${queries.length} queries`)
	process.exit(mean >= 0.8 ? 0 : 1)
}
