import { Form } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_INTENTS, type WebhookEventType } from '#app/schemas/webhook.ts'

export type WebhookEndpointRow = {
	id: string
	url: string
	description: string
	events: string[]
	enabled: boolean
	/** Null for members: only owners and admins see the secrets. */
	secret: string | null
}

export function WebhookEndpointsSection({
	endpoints,
	canManage,
}: {
	endpoints: WebhookEndpointRow[]
	canManage: boolean
}) {
	return (
		<SectionCard
			title="Endpoints"
			description="Verify each delivery with its webhook's signing secret: HMAC-SHA256 of “timestamp.body”, as in the Reachout-Signature header (t=…,v1=…)."
			contentClassName="flex flex-col gap-3"
		>
			{endpoints.length === 0 ? (
				<p className="text-sm text-muted-foreground">No webhooks yet.</p>
			) : (
				<ul className="flex flex-col gap-3" aria-label="Webhooks">
					{endpoints.map((endpoint) => (
						<EndpointItem key={endpoint.id} endpoint={endpoint} canManage={canManage} />
					))}
				</ul>
			)}
		</SectionCard>
	)
}

function EndpointItem({ endpoint, canManage }: { endpoint: WebhookEndpointRow; canManage: boolean }) {
	return (
		<li className="grid gap-3 rounded-md border p-4" aria-label={endpoint.url}>
			<div className="flex flex-wrap items-start justify-between gap-2">
				<div className="grid min-w-0 gap-1">
					<span className="break-all font-mono text-sm font-medium">{endpoint.url}</span>
					{endpoint.description ? (
						<span className="text-sm text-muted-foreground">{endpoint.description}</span>
					) : null}
				</div>
				<Badge variant={endpoint.enabled ? 'success' : 'secondary'}>
					{endpoint.enabled ? 'Enabled' : 'Disabled'}
				</Badge>
			</div>
			<div className="flex flex-wrap gap-1.5" aria-label="Events">
				{endpoint.events.map((type) => (
					<Badge key={type} variant="outline">
						{WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type}
					</Badge>
				))}
			</div>
			{endpoint.secret ? (
				<details className="text-sm">
					<summary className="cursor-pointer text-muted-foreground">Signing secret</summary>
					<code className="mt-2 block break-all rounded bg-muted px-2 py-1 font-mono text-xs" data-testid="webhook-secret">
						{endpoint.secret}
					</code>
				</details>
			) : null}
			{canManage ? (
				<div className="flex flex-wrap gap-2">
					<EndpointButton endpoint={endpoint} intent={WEBHOOK_INTENTS.test} label="Send test event" />
					<Form method="post">
						<input type="hidden" name="intent" value={WEBHOOK_INTENTS.toggle} />
						<input type="hidden" name="webhookId" value={endpoint.id} />
						<input type="hidden" name="enabled" value={String(!endpoint.enabled)} />
						<Button type="submit" variant="outline" size="sm">
							{endpoint.enabled ? 'Disable' : 'Enable'}
						</Button>
					</Form>
					<EndpointButton endpoint={endpoint} intent={WEBHOOK_INTENTS.remove} label="Delete" destructive />
				</div>
			) : null}
		</li>
	)
}

function EndpointButton({
	endpoint,
	intent,
	label,
	destructive = false,
}: {
	endpoint: WebhookEndpointRow
	intent: string
	label: string
	destructive?: boolean
}) {
	return (
		<Form method="post">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="webhookId" value={endpoint.id} />
			<Button
				type="submit"
				variant="outline"
				size="sm"
				className={destructive ? 'text-destructive hover:text-destructive' : undefined}
			>
				{label}
			</Button>
		</Form>
	)
}
