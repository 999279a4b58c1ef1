import {
	AssistantError,
	createStructuredCompletion,
	type ModelUsage,
} from '#app/integrations/openai/openai-client.server.ts'
import { recordAssistantUsage } from './assistant-usage.server.ts'
import { checkDraft, repairDraft, type DraftContext, type DraftProblem } from './draft-rules.ts'
import {
	ModifiedStepsSchema,
	REQUEST_NOTE_LIMIT,
	SequenceDraftSchema,
	SUBJECT_MAX_LENGTH,
	type GenerationRequest,
	type ModifyRequest,
	type SequenceDraft,
} from './sequence-draft.ts'

/**
 * The model writer: prompts built from the request, structured output, then our rules. A draft the
 * rules reject is repaired; if repair cannot fix everything the model gets one more try with the
 * problems spelled out, and the repaired draft is the answer when that fails too.
 */

export type ModelWriterOptions = {
	organizationId: string
	signal?: AbortSignal
	onUsage?: (usage: ModelUsage) => void
}

export async function writeSequenceWithModel(request: GenerationRequest, options: ModelWriterOptions) {
	const user = generationPrompt(request)
	return withUsageRecorded(options, (completionOptions) => {
		const ask = (extra: string) =>
			createStructuredCompletion({
				schema: SequenceDraftSchema,
				schemaName: 'sequence_draft',
				system: systemPrompt(request.sender.name),
				user: user + extra,
				...completionOptions,
			})
		return writeWithinRules(request, ask)
	})
}

export async function modifySequenceWithModel(request: ModifyRequest, options: ModelWriterOptions) {
	const user = modifyPrompt(request)
	const draft = await withUsageRecorded(options, (completionOptions) => {
		const ask = async (extra: string): Promise<SequenceDraft> => {
			const { steps } = await createStructuredCompletion({
				schema: ModifiedStepsSchema,
				schemaName: 'modified_steps',
				system: systemPrompt(request.sender.name),
				user: user + extra,
				...completionOptions,
			})
			return { emailSteps: steps, linkedInSteps: [], phoneCallSteps: [] }
		}
		return writeWithinRules(request, ask)
	})
	return { steps: draft.emailSteps }
}

/**
 * Every completion (retries and second tries included) is recorded for the organization. The writes
 * are awaited before returning, so usage is in the table once the draft is, but a failed write only
 * logs: bookkeeping must never cost the user a draft.
 */
async function withUsageRecorded<T>(
	options: ModelWriterOptions,
	write: (completionOptions: ModelWriterOptions) => Promise<T>,
): Promise<T> {
	const recordings: Promise<void>[] = []
	const onUsage = (usage: ModelUsage) => {
		recordings.push(
			recordAssistantUsage({ organizationId: options.organizationId, ...usage }).catch((error: unknown) => {
				console.error(`assistant usage: recording for ${options.organizationId} failed`, error)
			}),
		)
		options.onUsage?.(usage)
	}
	try {
		return await write({ ...options, onUsage })
	} finally {
		await Promise.all(recordings)
	}
}

async function writeWithinRules(request: DraftContext, ask: (extra: string) => Promise<SequenceDraft>) {
	const first = await ask('')
	const problems = checkDraft(first, request)
	if (problems.length === 0) return first
	const repaired = repairDraft(first, request)
	if (checkDraft(repaired, request).length === 0) return repaired

	let second: SequenceDraft
	try {
		second = await ask(retryNote(problems))
	} catch (error) {
		// A failed second try must not cost the user a draft we can already repair.
		if (error instanceof AssistantError) return repaired
		throw error
	}
	if (checkDraft(second, request).length === 0) return second
	const secondRepaired = repairDraft(second, request)
	const remaining = checkDraft(secondRepaired, request).length
	return remaining <= checkDraft(repaired, request).length ? secondRepaired : repaired
}

function retryNote(problems: DraftProblem[]) {
	const lines = problems.map(
		(problem) => `- ${problem.step ? `step ${problem.step}: ` : ''}${problem.message}`,
	)
	return `\n\nYour previous answer broke these rules. Write it again and fix every one:\n${lines.join('\n')}`
}

function systemPrompt(senderName: string) {
	return [
		'You are an excellent SDR (sales development representative). You write outreach for one person, as a',
		'thoughtful salesperson who researched them would: specific to their role, company and likely problems,',
		'short, warm, concrete, with one clear ask. No generic filler, no flattery, no invented facts.',
		'',
		'Rules:',
		`- A LinkedIn connection request note (requestNote of the first LinkedIn step) is at most ${REQUEST_NOTE_LIMIT} characters.`,
		'- daysAfter counts days from the start of the sequence: 0 or more, and each step later than the one',
		'  before it in the same channel (for example 0, 3, 7).',
		'- No placeholders such as {{firstName}}, [Company] or <name>: write the real names, or leave the detail out.',
		`- Email subjects are at most ${SUBJECT_MAX_LENGTH} characters, specific and plain; follow-ups may reuse the thread.`,
		"- The first email names the contact by first name and mentions their company's name.",
		`- Sign every email and message with the sender's name: ${senderName}.`,
		'- Plain text only: no HTML, no Markdown. Separate paragraphs with a blank line.',
		"- Follow the user's instruction where it does not break these rules.",
	].join('\n')
}

function generationPrompt(request: GenerationRequest) {
	const channels = [
		'email steps (an initial email and 2 to 3 follow-ups)',
		request.linkedin
			? 'LinkedIn steps (first a connection request with a requestNote and message null, then messages with requestNote null)'
			: 'no LinkedIn steps (linkedInSteps: [])',
		request.phoneCall ? 'phone-call steps with talking points' : 'no phone-call steps (phoneCallSteps: [])',
	]
	return [
		'Write an outreach sequence for this contact.',
		contextSection(request),
		`Channels: ${channels.join('; ')}.`,
		instructionSection(request),
	]
		.filter(Boolean)
		.join('\n\n')
}

function modifyPrompt(request: ModifyRequest) {
	const existing = request.existing
		.map(
			(step, index) =>
				`Step ${index + 1} (daysAfter ${step.daysAfter})\nSubject: ${step.subject}\n${step.body}`,
		)
		.join('\n\n---\n\n')
	return [
		'Rewrite this email sequence following the instruction. Keep the same number of steps, in the same order.',
		contextSection(request),
		`Current steps:\n${existing}`,
		instructionSection(request),
	]
		.filter(Boolean)
		.join('\n\n')
}

function contextSection(request: Omit<GenerationRequest, 'linkedin' | 'phoneCall'>) {
	const { contact, company, organization, sender } = request
	const sections = [
		fields('Contact', {
			Name: `${contact.firstName} ${contact.lastName}`.trim(),
			Role: contact.role,
			'Role details': contact.roleDetails,
			'Pain points': contact.painPoints,
			'Decision-making capacity': contact.decisionMakingCapacity,
			'Budget control': contact.budgetControl,
			'Team size': contact.teamSize,
			'Technical background': contact.technicalBackground,
			Summary: contact.summary,
		}),
		company &&
			fields('Company', {
				Name: company.name,
				Industry: company.industry,
				Size: company.employeeCountRange,
				Tagline: company.tagline,
				Summary: company.summary,
				Description: company.description,
				Website: company.website,
			}),
		fields('Sender', { Name: sender.name, Organization: organization.name }),
	]
	if (request.useOrganizationPrompt) {
		sections.push(
			fields('What we sell (the sender’s organization)', {
				Summary: organization.summary,
				Description: organization.description,
			}),
		)
		if (organization.passages.length) {
			sections.push(
				`From our documents:\n${organization.passages.map((passage) => `- ${passage}`).join('\n')}`,
			)
		}
	}
	return sections.filter(Boolean).join('\n\n')
}

function instructionSection(request: { instruction: string }) {
	const instruction = request.instruction.trim()
	return instruction ? `Instruction from the user:\n${instruction}` : ''
}

/** Only the fields we know: an empty line tempts the model to invent. */
function fields(title: string, values: Record<string, string | null | undefined>) {
	const lines = Object.entries(values)
		.filter(([, value]) => value?.trim())
		.map(([label, value]) => `${label}: ${value!.trim()}`)
	return lines.length ? `${title}:\n${lines.join('\n')}` : ''
}
