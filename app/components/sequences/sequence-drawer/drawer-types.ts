// What the drawer shows, as its route's loader sends it (dates as ISO strings).

export type DrawerEmailStep = {
	id: string
	order: number
	subject: string
	/** The email HTML. */
	body: string
	bodyText: string
	/** The editor (Lexical) JSON, when the body was written in the editor. */
	proseMirrorJson: unknown
	daysAfter: number
	status: string
	failureReason: string | null
	clicked: boolean
}

export type DrawerLinkedInStep = {
	id: string
	order: number
	username: string | null
	linkedinUrl: string | null
	requestNote: string | null
	message: string | null
	daysAfter: number
	status: string
	repliedContent: string | null
	/** metadata.conversationId: the LinkedIn thread to continue in. */
	conversationId: string | null
}

export type DrawerSequence = {
	id: string
	status: string
	subject: string
	/** Generation progress (0–100) while CREATING. */
	progress: number
	failureReason: string | null
	/** Who wrote it: null for a person, "offline" for the offline writer, else the model's name. */
	generatedBy: string | null
	fromEmail: string | null
	contact: { id: string; firstName: string; lastName: string; email: string | null; linkedin: string | null }
	emailSteps: DrawerEmailStep[]
	linkedInSteps: DrawerLinkedInStep[]
	/** Phone-call steps are not shown here, but removing the last other step must count them. */
	phoneCallStepCount: number
}

export type DrawerMessage = {
	id: string
	type: string
	from: string
	date: string
	body: string
	isFromUser: boolean
}

export type DrawerData = {
	sequence: DrawerSequence
	/** The thread, when an email step was replied to. */
	messages: DrawerMessage[]
	/** A platform admin's read-only view. */
	readOnly: boolean
}

/** What the drawer's route action answers a fetcher with. */
export type DrawerActionResult = {
	ok: boolean
	intent: string
	/** The refusal or failure the user sees. */
	message?: string
	/** 'GoogleScopeError' when Gmail access must be granted again. */
	error?: string
	/** The sequence no longer exists (deleted, or its last email step was). */
	sequenceDeleted?: boolean
	/**
	 * A refusal's toast, shown by the fetcher that asked (an answer with an error status does
	 * not reload the page's data, so a flash-cookie toast would wait for the next navigation).
	 */
	toast?: { title: string; description?: string }
}

export function anyEmailReplied(sequence: Pick<DrawerSequence, 'emailSteps'>) {
	return sequence.emailSteps.some((step) => step.status === 'REPLIED')
}

export function repliedLinkedInStep(sequence: Pick<DrawerSequence, 'linkedInSteps'>) {
	return sequence.linkedInSteps.find((step) => step.status === 'REPLIED') ?? null
}
