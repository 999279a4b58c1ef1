import { z } from 'zod'
import { EditorStateSchema } from '#app/utils/editor-json/editor-state.ts'
import { emailBodyFrom } from '#app/utils/editor-json/email-body.ts'

// Send Test Email: the settings dialog and page (Conform) and POST /api/v1/emails. Messages are
// the spec's ("Test email" in outreach-sequences.md §5 and §8).

export const TEST_EMAIL_SUBJECT_MIN = 5
export const TEST_EMAIL_BODY_MIN = 10
export const TEST_EMAIL_RECIPIENTS_MAX = 10
export const TEST_EMAIL_SUBJECT_MAX = 255
export const TEST_EMAIL_BODY_MAX = 100_000

/** The spec's "Random email sample" (GET /api/v1/emails/random): body is HTML. */
export type EmailSample = { subject: string; body: string }

export const TEST_EMAIL_MESSAGES = {
	mailboxRequired: 'Mailbox is a required field',
	mailboxNotFound: 'Mailbox not found',
	subjectRequired: 'Subject is a required field',
	subjectMin: 'Subject must be at least 5 characters long',
	subjectMax: `Subject must be at most ${TEST_EMAIL_SUBJECT_MAX} characters long`,
	bodyRequired: 'Email body is a required field',
	bodyMin: 'Email body must be at least 10 characters long',
	bodyMax: 'Email body is too long',
	toRequired: 'Recipient is a required field',
	toInvalid: 'Enter a valid email address, or several separated by commas',
	toTooMany: `Send a test email to at most ${TEST_EMAIL_RECIPIENTS_MAX} addresses`,
	success: 'Test email sent successfully!',
	errorTitle: 'Error Sending Email',
	errorDescription: 'An unexpected error occurred',
} as const

/** How "Invalid {field}" names each field. */
export const TEST_EMAIL_FIELD_LABELS: Record<string, string> = {
	to: 'recipient',
	subject: 'subject',
	body: 'email body',
	proseMirrorJson: 'email body',
	mailbox_id: 'mailbox',
}

/** The toast title for a field's validation error: "Invalid subject". */
export function invalidFieldTitle(field: string) {
	return `Invalid ${TEST_EMAIL_FIELD_LABELS[field] ?? field}`
}

const EmailSchema = z.email()

/** One address, a comma (or semicolon) separated list, or a JSON array of addresses. */
const RecipientsSchema = z
	.union([z.string(), z.array(z.string())], { error: TEST_EMAIL_MESSAGES.toRequired })
	.transform((value) =>
		(Array.isArray(value) ? value : value.split(/[,;]/)).map((address) => address.trim()).filter(Boolean),
	)
	.pipe(
		z
			.array(z.string())
			.min(1, { error: TEST_EMAIL_MESSAGES.toRequired })
			.max(TEST_EMAIL_RECIPIENTS_MAX, { error: TEST_EMAIL_MESSAGES.toTooMany })
			.refine((addresses) => addresses.every((address) => EmailSchema.safeParse(address).success), {
				error: TEST_EMAIL_MESSAGES.toInvalid,
			}),
	)

/** The body's message, counting visible characters only (not tags or surrounding whitespace). */
function visibleTextError(text: string) {
	if (!text) return TEST_EMAIL_MESSAGES.bodyRequired
	return text.length < TEST_EMAIL_BODY_MIN ? TEST_EMAIL_MESSAGES.bodyMin : null
}

export const TestEmailSchema = z
	.object({
		mailbox_id: z
			.string({ error: TEST_EMAIL_MESSAGES.mailboxRequired })
			.trim()
			.min(1, { error: TEST_EMAIL_MESSAGES.mailboxRequired }),
		to: RecipientsSchema,
		subject: z
			.string({ error: TEST_EMAIL_MESSAGES.subjectRequired })
			.trim()
			.min(1, { error: TEST_EMAIL_MESSAGES.subjectRequired, abort: true })
			.min(TEST_EMAIL_SUBJECT_MIN, { error: TEST_EMAIL_MESSAGES.subjectMin })
			.max(TEST_EMAIL_SUBJECT_MAX, { error: TEST_EMAIL_MESSAGES.subjectMax }),
		/** HTML from the editor, or plain text; checked on its own so its message shows with the others. */
		body: z
			.string({ error: TEST_EMAIL_MESSAGES.bodyRequired })
			.max(TEST_EMAIL_BODY_MAX, { error: TEST_EMAIL_MESSAGES.bodyMax })
			.superRefine((body, context) => {
				const message = visibleTextError(emailBodyFrom({ body }).bodyText.trim())
				if (message) context.addIssue({ code: 'custom', message })
			}),
		/** The editor's JSON; when given, it is what is sent. */
		proseMirrorJson: EditorStateSchema.optional(),
	})
	.superRefine((value, context) => {
		// Checked only when the body passed: the body's own message is already there otherwise.
		if (!value.proseMirrorJson || visibleTextError(emailBodyFrom({ body: value.body }).bodyText.trim()))
			return
		const message = visibleTextError(emailBodyFrom({ json: value.proseMirrorJson }).bodyText.trim())
		if (message) context.addIssue({ code: 'custom', path: ['body'], message })
	})
export type TestEmail = z.output<typeof TestEmailSchema>

/** The email's HTML and text parts (rendered from the editor JSON, or converted from the body). */
export function testEmailContent(value: TestEmail) {
	const body = emailBodyFrom(
		value.proseMirrorJson ? { json: value.proseMirrorJson } : { body: value.body ?? '' },
	)
	return { html: body.bodyHtml, text: body.bodyText }
}

/**
 * What a failed send answers (the API's `{ error, name, message }` and the toast's title and
 * text), by the error's name so this stays free of server imports. Unknown failures do not
 * leak their text.
 */
export function testEmailFailure(error: unknown) {
	const name = error instanceof Error ? error.name : ''
	const message = error instanceof Error ? error.message : ''
	if (name === 'GoogleScopeError') {
		return {
			status: 403,
			error: 'GoogleScopeError',
			name: 'Additional permissions required',
			message,
		} as const
	}
	if (name === 'PermanentDeliveryError') {
		return { status: 422, error: 'delivery_refused', name: 'Recipient rejected', message } as const
	}
	return {
		status: 502,
		error: 'send_failed',
		name: TEST_EMAIL_MESSAGES.errorTitle,
		message: TEST_EMAIL_MESSAGES.errorDescription,
	} as const
}
