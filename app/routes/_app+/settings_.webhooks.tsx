import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { AddWebhookSection } from '#app/components/webhooks/add-webhook-section.tsx'
import { DeliveryLogSection } from '#app/components/webhooks/delivery-log-section.tsx'
import { WebhookEndpointsSection } from '#app/components/webhooks/webhook-endpoints-section.tsx'
import { canManageOrganization, requireActor } from '#app/models/session/auth.server.ts'
import {
	createWebhookEndpoint,
	deleteWebhookEndpoint,
	listWebhookDeliveries,
	listWebhookEndpoints,
	sendTestWebhookEvent,
	updateWebhookEndpoint,
	WebhookError,
} from '#app/models/webhook/webhook-endpoints.server.ts'
import {
	CreateWebhookSchema,
	ToggleWebhookSchema,
	WEBHOOK_INTENTS,
	WebhookIdSchema,
} from '#app/schemas/webhook.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// Webhooks (decision 042): the organization's endpoints (URL, events, signing secret, on/off),
// "Send test event", and the delivery log with each delivery's status, attempts and reason.

const PAGE = '/settings/webhooks'
const NOT_FOUND = 'Webhook not found'
const FORBIDDEN = 'Only owners and admins can change webhooks'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const canManage = canManageOrganization(actor)
	const [endpoints, deliveries] = await Promise.all([
		// Members see the endpoints, not the secrets that sign them.
		listWebhookEndpoints(actor.organizationId, { withSecrets: canManage }),
		listWebhookDeliveries(actor.organizationId),
	])
	return {
		canManage,
		endpoints: endpoints.map(({ updatedAt: _updatedAt, ...endpoint }) => ({
			...endpoint,
			createdAt: endpoint.createdAt.toISOString(),
		})),
		deliveries: deliveries.map((delivery) => ({
			...delivery,
			createdAt: delivery.createdAt.toISOString(),
			lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
			nextAttemptAt: delivery.nextAttemptAt.toISOString(),
			deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
		})),
	}
}

type ActionData = { intent: string | null; result?: SubmissionResult<string[]> }

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const intent = formData.get('intent')
	const fail = (status: number, message: string, result?: ActionData['result']) =>
		actionFailure<ActionData>({ intent: typeof intent === 'string' ? intent : null, result }, status, message)
	if (!canManageOrganization(actor)) return fail(403, FORBIDDEN)
	const orgId = actor.organizationId

	if (intent === WEBHOOK_INTENTS.create) {
		const submission = parseWithZod(formData, { schema: CreateWebhookSchema })
		if (submission.status !== 'success') return fail(400, 'Check the webhook’s fields', submission.reply())
		try {
			await createWebhookEndpoint(orgId, submission.value)
		} catch (error) {
			if (!(error instanceof WebhookError)) throw error
			return fail(error.status, error.message, submission.reply({ fieldErrors: { url: [error.message] } }))
		}
		return redirectWithToast(PAGE, {
			type: 'success',
			title: 'Webhook added',
			description: submission.value.url,
		})
	}
	if (intent === WEBHOOK_INTENTS.toggle) {
		const submission = parseWithZod(formData, { schema: ToggleWebhookSchema })
		if (submission.status !== 'success') return fail(400, 'Webhook is required')
		const { webhookId, enabled } = submission.value
		if (!(await updateWebhookEndpoint(orgId, webhookId, { enabled }))) return fail(404, NOT_FOUND)
		return redirectWithToast(PAGE, {
			type: 'success',
			title: enabled ? 'Webhook enabled' : 'Webhook disabled',
		})
	}
	if (intent === WEBHOOK_INTENTS.remove || intent === WEBHOOK_INTENTS.test) {
		const submission = parseWithZod(formData, { schema: WebhookIdSchema })
		if (submission.status !== 'success') return fail(400, 'Webhook is required')
		const { webhookId } = submission.value
		if (intent === WEBHOOK_INTENTS.remove) {
			if (!(await deleteWebhookEndpoint(orgId, webhookId))) return fail(404, NOT_FOUND)
			return redirectWithToast(PAGE, { type: 'success', title: 'Webhook deleted' })
		}
		if (!(await sendTestWebhookEvent(orgId, webhookId, actor.userId))) return fail(404, NOT_FOUND)
		return redirectWithToast(PAGE, {
			type: 'success',
			title: 'Test event sent',
			description: 'It shows in the delivery log below.',
		})
	}
	return fail(400, 'Unknown action')
}

export default function WebhooksSettingsRoute() {
	const { canManage, endpoints, deliveries } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Webhooks"
				description={
					canManage
						? 'Reachout posts signed events to your URLs as they happen.'
						: 'Reachout posts signed events to these URLs. Only owners and admins can change them.'
				}
				actions={
					<Button asChild variant="ghost">
						<Link to="/settings">All settings</Link>
					</Button>
				}
			/>
			<WebhookEndpointsSection endpoints={endpoints} canManage={canManage} />
			{canManage ? (
				<AddWebhookSection
					// A new endpoint empties the form (its inputs are uncontrolled).
					key={endpoints.length}
					lastResult={actionData?.intent === WEBHOOK_INTENTS.create ? (actionData.result ?? null) : null}
				/>
			) : null}
			<DeliveryLogSection deliveries={deliveries} />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Webhooks · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
