import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { writeSequenceWithModel } from '#app/models/assistant/model-writer.server.ts'
import { writeSequenceOffline } from '#app/models/assistant/offline-writer.ts'
import { evalCases } from '#tests/assistant/eval-cases.ts'
import { scoreDraft } from '#tests/assistant/eval-score.ts'

// `npm run eval`: the evaluation set against the model of OPENAI_API_KEY / OPENAI_BASE_URL /
// OPENAI_MODEL (any OpenAI-compatible server), or the offline writer without a key; prints each
// failed check and the score.
// The writers need no database; the environment check still wants a URL.
process.env.DATABASE_URL ??= 'postgresql://localhost/unused'
const useModel = isModelConfigured()
console.log(
	useModel ? `model: ${process.env.OPENAI_MODEL ?? 'default'}` : 'no OPENAI_API_KEY: the offline writer',
)
let passed = 0
let total = 0
for (const evalCase of evalCases) {
	const draft = useModel
		? await writeSequenceWithModel(evalCase.request, { organizationId: 'eval' })
		: writeSequenceOffline(evalCase.request)
	const checks = scoreDraft(evalCase, draft)
	passed += checks.filter((check) => check.passed).length
	total += checks.length
	for (const check of checks.filter((entry) => !entry.passed))
		console.log(`✗ ${evalCase.name}: ${check.check}${check.detail ? ` (${check.detail})` : ''}`)
}
console.log(
	`score: ${passed}/${total} checks (${((100 * passed) / total).toFixed(1)}%) over ${evalCases.length} cases`,
)
process.exit(passed === total ? 0 : 1)
