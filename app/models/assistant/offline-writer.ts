import { repairDraft } from './draft-rules.ts'
import { writeEmails, type EmailStep } from './offline-writer/emails.ts'
import { gatherFacts, seedFor } from './offline-writer/facts.ts'
import { linkedInSteps } from './offline-writer/linkedin-steps.ts'
import { modifyStep } from './offline-writer/modify-step.ts'
import { phoneCallStep } from './offline-writer/phone-call-step.ts'
import { createPicker } from './offline-writer/picker.ts'
import { hasIntent, readInstruction } from './offline-writer/read-instruction.ts'
import { type GenerationRequest, type ModifyRequest, type SequenceDraft } from './sequence-draft.ts'

// The writer used when no model is configured (issue 5, §5). It must read as if written for one
// person: every slot has several phrasings, chosen by a PRNG seeded from the request, so output is
// deterministic for the same input yet differs between contacts.
// Its parts live in offline-writer/: the facts it reads (notes turned to the second person), the
// instruction, the lines of an email, the emails, LinkedIn and phone-call steps, and the edit of an
// existing step. Sentences are built from facts, never pasted fields (decision 039).

const DEFAULT_EMAIL_COUNT = 3

export function writeSequenceOffline(request: GenerationRequest): SequenceDraft {
	const seed = seedFor(request, 'write')
	const facts = gatherFacts(request, seed)
	const wants = readInstruction(request.instruction)
	const picker = createPicker(seed)
	const total = wants.emailCount ?? DEFAULT_EMAIL_COUNT
	const draft: SequenceDraft = {
		emailSteps: writeEmails(facts, wants, picker, total),
		linkedInSteps: request.linkedin ? linkedInSteps(facts, wants, picker) : [],
		phoneCallSteps: request.phoneCall ? [phoneCallStep(facts, wants, picker)] : [],
	}
	return repairDraft(draft, request)
}

/**
 * Apply an instruction to existing steps by position (same count, subject only on the first).
 * An instruction we cannot interpret offline gets a fresh rewrite of each step instead of no change.
 */
export function modifySequenceOffline(request: ModifyRequest): SequenceDraft['emailSteps'] {
	const generation: GenerationRequest = { ...request, linkedin: false, phoneCall: false }
	const seed = seedFor(generation, 'modify')
	const facts = gatherFacts(generation, seed)
	const wants = readInstruction(request.instruction)
	const picker = createPicker(seed)
	let steps: EmailStep[]
	if (hasIntent(wants)) {
		steps = request.existing.map((step, index) => modifyStep(step, index, facts, wants, picker))
	} else {
		const rewritten = writeEmails(facts, wants, picker, request.existing.length)
		steps = request.existing.map((step, index) => ({
			subject: index === 0 ? (rewritten[0]?.subject ?? step.subject) : '',
			body: rewritten[index]?.body ?? step.body,
			daysAfter: step.daysAfter,
		}))
	}
	return repairDraft({ emailSteps: steps, linkedInSteps: [], phoneCallSteps: [] }, request).emailSteps
}
