// Pure rules shared by the server and the browser (no server imports here).

type WithStatus = { status: string }

/** A sent step as the spec counts progress: email SENT or REPLIED, LinkedIn SENT. */
export function isSentEmailStep(step: WithStatus) {
	return step.status === 'SENT' || step.status === 'REPLIED'
}
/**
 * LinkedIn SENT, as the spec says — and ACCEPTED and REPLIED too: a LinkedIn step moves on from
 * SENT to ACCEPTED (the request was accepted) and REPLIED (the person answered), so both were sent.
 * Counting only SENT would make progress go down when someone accepts or answers.
 */
export function isSentLinkedInStep(step: WithStatus) {
	return step.status === 'SENT' || step.status === 'ACCEPTED' || step.status === 'REPLIED'
}

/**
 * The sequences table's Progress: sent steps out of all steps (email and LinkedIn, the steps
 * the table lists), as counts and a whole percentage.
 */
export function sequenceProgress({
	emailSteps = [],
	linkedInSteps = [],
}: {
	emailSteps?: readonly WithStatus[]
	linkedInSteps?: readonly WithStatus[]
}) {
	const total = emailSteps.length + linkedInSteps.length
	const sent = emailSteps.filter(isSentEmailStep).length + linkedInSteps.filter(isSentLinkedInStep).length
	return { sent, total, percent: progressPercent(sent, total) }
}

export function progressPercent(sent: number, total: number) {
	return total === 0 ? 0 : Math.round((sent / total) * 100)
}

/**
 * A sequence's status in words, the same in the list, the drawer and the campaign page (decision
 * 045): CREATING reads "Generating N%", PENDING "Draft", a sequence a reply stopped "Replied"
 * (PAUSED in the data, but nobody paused it), the others as words ("Active", "Paused").
 */
export function sequenceStatusLabel(
	status: string,
	progress: number | null | undefined,
	{ replied = false }: { replied?: boolean } = {},
) {
	if (status === 'CREATING') return `Generating ${Math.max(0, Math.min(100, Math.round(progress ?? 0)))}%`
	if (status === 'PENDING') return 'Draft'
	if (status === 'PAUSED' && replied) return 'Replied'
	return statusWord(status)
}

/** An enum value as a badge's word: "ACTIVE" → "Active", "NOT_FOUND" → "Not found"; other text unchanged. */
export function statusWord(status: string) {
	if (!/^[A-Z][A-Z_]*$/.test(status)) return status
	const words = status.toLowerCase().replace(/_/g, ' ')
	return words.charAt(0).toUpperCase() + words.slice(1)
}
