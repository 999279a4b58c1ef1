import { type ActionFunctionArgs } from '@remix-run/node'
import { sendTestEmail } from '#app/models/mailbox/mail-transport.server.ts'
import { findUsableMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { mailboxOwner, requireApiActor } from '#app/models/session/auth.server.ts'
import {
	invalidFieldTitle,
	TEST_EMAIL_MESSAGES,
	TestEmailSchema,
	testEmailContent,
	testEmailFailure,
} from '#app/schemas/test-email.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

// POST: Send Test Email, body { mailbox_id, subject, body, to } (`to`: one address, a comma
// list or an array; `body`: HTML or text, or `proseMirrorJson`). Errors carry `name` too, the
// title the client's toast shows ("Invalid subject", "Error Sending Email").
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	let body: unknown
	try {
		const text = await request.text()
		body = text ? JSON.parse(text) : {}
	} catch {
		return apiError(400, 'invalid_json', 'Request body must be valid JSON')
	}
	const parsed = TestEmailSchema.safeParse(body)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const field = String(issue?.path[0] ?? '')
		return Response.json(
			{
				error: 'validation_error',
				field,
				name: invalidFieldTitle(field),
				message: issue?.message ?? 'Invalid request body',
			},
			{ status: 400 },
		)
	}
	const owner = mailboxOwner(actor)
	const mailbox = await findUsableMailbox(owner, parsed.data.mailbox_id)
	if (!mailbox) return apiError(404, 'not_found', TEST_EMAIL_MESSAGES.mailboxNotFound)
	try {
		const sent = await sendTestEmail({
			organizationId: actor.organizationId,
			userId: actor.userId,
			mailboxId: mailbox.id,
			to: parsed.data.to,
			subject: parsed.data.subject,
			...testEmailContent(parsed.data),
		})
		return Response.json({ message: TEST_EMAIL_MESSAGES.success, from: mailbox.address, ...sent })
	} catch (error) {
		const failure = testEmailFailure(error)
		if (failure.status === 502) console.error('Sending a test email failed', error)
		return Response.json(
			{ error: failure.error, name: failure.name, message: failure.message },
			{ status: failure.status },
		)
	}
}

export async function loader() {
	return methodNotAllowed()
}
