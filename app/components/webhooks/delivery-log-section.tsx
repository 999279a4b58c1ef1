import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { SettingsTable } from '#app/components/settings/settings-table.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { TableCell, TableRow } from '#app/components/ui/table.tsx'

export type DeliveryRow = {
	id: string
	status: 'PENDING' | 'SENDING' | 'RETRYING' | 'DELIVERED' | 'FAILED'
	attempts: number
	responseStatus: number | null
	failureReason: string | null
	createdAt: string
	nextAttemptAt: string
	url: string
	eventId: string
	eventType: string
}

const STATUS: Record<DeliveryRow['status'], { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }> = {
	PENDING: { label: 'Pending', variant: 'secondary' },
	SENDING: { label: 'Sending', variant: 'secondary' },
	RETRYING: { label: 'Retrying', variant: 'warning' },
	DELIVERED: { label: 'Delivered', variant: 'success' },
	FAILED: { label: 'Failed', variant: 'destructive' },
}

/** The latest deliveries; with JavaScript it refreshes itself while one is on its way. */
export function DeliveryLogSection({ deliveries }: { deliveries: DeliveryRow[] }) {
	const { revalidate, state } = useRevalidator()
	const inFlight = deliveries.some((delivery) => delivery.status === 'PENDING' || delivery.status === 'SENDING')
	useEffect(() => {
		if (!inFlight || state !== 'idle') return
		const timer = setTimeout(revalidate, 1500)
		return () => clearTimeout(timer)
	}, [inFlight, state, revalidate])
	return (
		<SectionCard
			title="Delivery log"
			description="The latest 50 deliveries. A failed attempt is retried with backoff for a day (1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h); each carries the event's id in Reachout-Event-Id, so a repeat can be recognised."
		>
			<SettingsTable
				label="Delivery log"
				columns={['Time (UTC)', 'Event', 'Endpoint', 'Status', 'Attempts', 'Response']}
				rows={deliveries}
				withActions={false}
				empty="No deliveries yet. Send a test event to see one here."
				renderRow={(delivery) => (
					<TableRow key={delivery.id}>
						<TableCell className="whitespace-nowrap text-muted-foreground">
							<time dateTime={delivery.createdAt}>{formatUtc(delivery.createdAt)}</time>
						</TableCell>
						<TableCell>
							<code className="text-xs">{delivery.eventType}</code>
							<span className="block font-mono text-[11px] text-muted-foreground">{delivery.eventId}</span>
						</TableCell>
						<TableCell className="max-w-[16rem] break-all font-mono text-xs">{delivery.url}</TableCell>
						<TableCell>
							<Badge variant={STATUS[delivery.status].variant}>{STATUS[delivery.status].label}</Badge>
						</TableCell>
						<TableCell className="tabular-nums">{delivery.attempts}</TableCell>
						<TableCell className="max-w-[20rem] text-xs">
							{delivery.responseStatus ? <span className="font-medium">HTTP {delivery.responseStatus}</span> : null}
							{delivery.failureReason ? (
								<span className="block text-muted-foreground">{delivery.failureReason}</span>
							) : null}
							{delivery.status === 'RETRYING' ? (
								<span className="block text-muted-foreground">
									Next attempt {formatUtc(delivery.nextAttemptAt)}
								</span>
							) : null}
						</TableCell>
					</TableRow>
				)}
			/>
		</SectionCard>
	)
}

function formatUtc(iso: string) {
	return iso.slice(0, 19).replace('T', ' ')
}
