import { checkDraft, mentions, shortCompanyName } from '#app/models/assistant/draft-rules.ts'
import { type SequenceDraft } from '#app/models/assistant/sequence-draft.ts'
import { type EvalCase } from './eval-cases.ts'

/** The checks of one case, each passed or failed with what went wrong; `npm run eval` counts them. */
export function scoreDraft({ request, expect: expectations }: EvalCase, draft: SequenceDraft) {
	const checks: Array<{ check: string; passed: boolean; detail?: string }> = []
	const add = (check: string, passed: boolean, detail?: string) => checks.push({ check, passed, detail })
	const first = draft.emailSteps[0]
	const firstText = `${first?.subject ?? ''}\n${first?.body ?? ''}`
	const problems = checkDraft(draft, request)
	add('rules', problems.length === 0, problems.map((problem) => problem.message).join('; '))
	add('first name', mentions(firstText, request.contact.firstName))
	if (request.company) add('company', mentions(firstText, shortCompanyName(request.company.name)))
	if (expectations.emailSteps !== undefined)
		add('email steps', draft.emailSteps.length === expectations.emailSteps, `${draft.emailSteps.length}`)
	add(
		'LinkedIn steps',
		draft.linkedInSteps.length === (expectations.linkedInSteps ?? (request.linkedin ? 2 : 0)),
		`${draft.linkedInSteps.length}`,
	)
	add(
		'phone-call steps',
		draft.phoneCallSteps.length === (expectations.phoneCallSteps ?? (request.phoneCall ? 1 : 0)),
		`${draft.phoneCallSteps.length}`,
	)
	for (const needle of expectations.mentions ?? []) add(`mentions ${needle}`, firstText.includes(needle))
	if (expectations.includes)
		add(`includes ${expectations.includes}`, expectations.includes.test(first?.body ?? ''))
	if (expectations.maxWordsPerEmail) {
		const longest = Math.max(
			...draft.emailSteps.map((email) => email.body.split(/\s+/).filter(Boolean).length),
		)
		add(`≤ ${expectations.maxWordsPerEmail} words`, longest <= expectations.maxWordsPerEmail, `${longest}`)
	}
	if (expectations.greeting) {
		const greeting = expectations.greeting
		add(
			'greeting',
			draft.emailSteps.every((email) => greeting.test(email.body.split('\n')[0] ?? '')),
		)
	}
	return checks
}
