import { modifySequenceOffline, writeSequenceOffline } from '#app/models/assistant/offline-writer.ts'
import { evalCases } from './eval-cases.ts'
import {
	draftQualityChecks,
	MODIFY_INSTRUCTIONS,
	modifyQualityChecks,
	type QualityCheck,
} from './eval-quality.ts'

/** The offline writer's quality score over the evaluation set: its drafts and their modifications. */
export function offlineQualityScore() {
	const failures: Array<QualityCheck & { name: string }> = []
	let passed = 0
	let total = 0
	for (const { name, request } of evalCases) {
		const draft = writeSequenceOffline(request)
		const checks = [...draftQualityChecks(request, draft)]
		for (const instruction of MODIFY_INSTRUCTIONS) {
			const { linkedin: _linkedin, phoneCall: _phoneCall, ...rest } = request
			const after = modifySequenceOffline({ ...rest, instruction, existing: draft.emailSteps })
			checks.push(...modifyQualityChecks(request, instruction, draft.emailSteps, after))
		}
		total += checks.length
		passed += checks.filter((check) => check.passed).length
		failures.push(...checks.filter((check) => !check.passed).map((check) => ({ ...check, name })))
	}
	return { passed, total, score: passed / total, failures }
}
