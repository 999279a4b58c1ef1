import { useFetcher } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { PLAN_STATUSES } from '#app/schemas/admin.ts'

export const SET_PLAN_STATUS_INTENT = 'set-plan-status'

/** An organization's plan status and its Save button; a plain POST without JavaScript. */
export function PlanStatusForm({
	organizationId,
	name,
	planStatus,
}: {
	organizationId: string
	name: string
	planStatus: string
}) {
	const fetcher = useFetcher<{ error?: string }>()
	const busy = fetcher.state !== 'idle'
	return (
		<fetcher.Form method="post" className="flex items-center gap-1">
			<input type="hidden" name="intent" value={SET_PLAN_STATUS_INTENT} />
			<input type="hidden" name="organizationId" value={organizationId} />
			<Select
				name="planStatus"
				defaultValue={planStatus}
				aria-label={`Plan status of ${name}`}
				className="h-8 w-24 text-xs"
			>
				{PLAN_STATUSES.map((status) => (
					<option key={status} value={status}>
						{status}
					</option>
				))}
			</Select>
			<Button
				type="submit"
				size="sm"
				variant="outline"
				className="h-8"
				disabled={busy}
				aria-label={`Save plan status of ${name}`}
			>
				{busy ? 'Saving…' : 'Save'}
			</Button>
			{fetcher.data?.error ? (
				<span role="alert" className="text-xs text-destructive">
					{fetcher.data.error}
				</span>
			) : null}
		</fetcher.Form>
	)
}
