import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node'
import { useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { type FeedbackActionData } from '#app/components/feedback/feedback-dialog.tsx'
import { FeedbackForm } from '#app/components/feedback/feedback-form.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createFeedback } from '#app/models/feedback/feedback.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { FeedbackSchema } from '#app/schemas/feedback.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'

const SUCCESS_TOAST = { type: 'success', title: 'Feedback submitted!' } as const

// The "Help us improve" action. The dialog posts here with a fetcher (no redirectTo: it stays
// open a second, then closes); without JavaScript the page's form posts here and is sent back.
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: FeedbackSchema })
	if (submission.status !== 'success') {
		return data<FeedbackActionData>({ result: submission.reply(), status: 'error' }, { status: 400 })
	}
	const { type, message } = submission.value
	await createFeedback({ organizationId: actor.organizationId, userId: actor.userId, type, message })
	const redirectTo = formData.get('redirectTo')
	if (typeof redirectTo === 'string' && redirectTo) {
		return redirectWithToast(backTo(redirectTo), SUCCESS_TOAST)
	}
	return dataWithToast<FeedbackActionData>(
		{ result: submission.reply({ resetForm: true }), status: 'success' },
		SUCCESS_TOAST,
	)
}

export default function FeedbackRoute() {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [searchParams] = useSearchParams()
	const redirectTo = backTo(searchParams.get('redirectTo'))
	return (
		<div className="mx-auto max-w-2xl">
			<PageHeader
				title="Help us improve"
				description="Found a bug or missing something? Tell us, we read every message."
			/>
			<Card>
				<CardContent className="p-6">
					<FeedbackForm
						id="feedback-page"
						lastResult={actionData?.result}
						action={`/feedback?${new URLSearchParams({ redirectTo })}`}
						redirectTo={redirectTo}
						pending={navigation.state === 'submitting'}
					/>
				</CardContent>
			</Card>
		</div>
	)
}

/** Same-site paths only (browsers read "/\host" as "//host"), and never back to this page. */
function backTo(value: string | null) {
	const path = safeRedirectTo(value)
	return path.startsWith('/feedback') ? '/contacts' : path
}

export const meta: MetaFunction = () => [{ title: 'Help us improve · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
