import { Link } from '@remix-run/react'
import { Minus, Pencil, Plus, Trash2 } from 'lucide-react'
import type * as React from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '#app/components/ui/tooltip.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { DrawerForm, useDrawer, useDrawerFetcher } from './drawer-context.tsx'
import { StepStatusBadge } from './step-badge.tsx'

export type StepKind = 'email' | 'linkedin' | 'phone'

/** Editing rules (spec, section 4): content only while sequence and step are PENDING; timing also for DRAFT steps. */
export function stepPermissions(sequenceStatus: string, stepStatus: string, readOnly: boolean) {
	const draft = !readOnly && sequenceStatus === 'PENDING'
	return {
		canEdit: draft && stepStatus === 'PENDING',
		canEditTiming: draft && (stepStatus === 'PENDING' || stepStatus === 'DRAFT'),
		canDelete: draft && (stepStatus === 'PENDING' || stepStatus === 'DRAFT'),
	}
}

/** One step of the drawer: title, status badge (with CLICKED and the failure tooltip), timing, content, actions. */
export function StepCard({
	title,
	status,
	clicked = false,
	failureReason,
	badges,
	timing,
	actions,
	children,
}: {
	title: string
	status: string | null
	clicked?: boolean
	failureReason?: string | null
	/** More badges after the status (a call's outcome). */
	badges?: React.ReactNode
	timing: React.ReactNode
	actions?: React.ReactNode
	children: React.ReactNode
}) {
	return (
		<article aria-label={title} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
			<header className="flex flex-wrap items-start justify-between gap-2">
				<div className="flex flex-wrap items-center gap-2">
					<h3 className="text-sm font-semibold">{title}</h3>
					{status === 'FAILED' ? (
						<Tooltip>
							<TooltipTrigger asChild>
								<span
									tabIndex={0}
									className="inline-flex rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
								>
									<StepStatusBadge status={status} />
								</span>
							</TooltipTrigger>
							<TooltipContent className="max-w-xs">
								<p>Something went wrong</p>
								{failureReason ? <p className="mt-1 text-xs text-muted-foreground">{failureReason}</p> : null}
							</TooltipContent>
						</Tooltip>
					) : (
						<StepStatusBadge status={status} />
					)}
					{clicked ? (
						<Badge variant="outline" className="border-transparent bg-green-100 text-green-800">
							CLICKED
						</Badge>
					) : null}
					{badges}
				</div>
				{actions ? <div className="flex items-center gap-1">{actions}</div> : null}
			</header>
			{timing}
			{children}
		</article>
	)
}

/** The step's timing, with −/+ when it may change (never below 0). */
export function TimingControl({
	kind,
	stepId,
	daysAfter,
	label,
	editable,
}: {
	kind: StepKind
	stepId: string
	daysAfter: number
	label: (days: number) => string
	editable: boolean
}) {
	const fetcher = useDrawerFetcher()
	// Shows the day count being saved until the server's answer replaces it.
	const pending = fetcher.formData ? Number(fetcher.formData.get('daysAfter')) : null
	const days = pending !== null && Number.isFinite(pending) ? pending : daysAfter
	const text = (
		<p className="text-sm text-muted-foreground" data-testid="step-timing">
			{label(days)}
		</p>
	)
	if (!editable) return text
	return (
		<DrawerForm fetcher={fetcher} intent="update-step-timing" className="flex items-center gap-2">
			<input type="hidden" name="kind" value={kind} />
			<input type="hidden" name="stepId" value={stepId} />
			<Button
				type="submit"
				name="daysAfter"
				value={String(days - 1)}
				variant="outline"
				size="icon"
				className="h-7 w-7"
				disabled={days <= 0}
				aria-label="One day earlier"
			>
				<Minus aria-hidden="true" />
			</Button>
			{text}
			<Button
				type="submit"
				name="daysAfter"
				value={String(days + 1)}
				variant="outline"
				size="icon"
				className="h-7 w-7"
				aria-label="One day later"
			>
				<Plus aria-hidden="true" />
			</Button>
		</DrawerForm>
	)
}

/**
 * Edit: with JavaScript a button that opens the step's editor in place; without, a link to
 * the drawer's page with ?edit=<step> (the page renders the same editor as a form).
 */
export function EditStepButton({ stepId, onEdit }: { stepId: string; onEdit: () => void }) {
	const hydrated = useHydrated()
	const { returnTo } = useDrawer()
	if (!hydrated) {
		const url = new URL(returnTo, 'http://drawer')
		url.searchParams.set('edit', stepId)
		return (
			<Link
				to={`${url.pathname}${url.search}`}
				className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'h-8 w-8' })}
				aria-label="Edit step"
			>
				<Pencil aria-hidden="true" />
			</Link>
		)
	}
	return (
		<Button
			type="button"
			variant="ghost"
			size="icon"
			className="h-8 w-8"
			aria-label="Edit step"
			onClick={onEdit}
		>
			<Pencil aria-hidden="true" />
		</Button>
	)
}

export function DeleteStepButton({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) {
	return (
		<Button
			type={onClick ? 'button' : 'submit'}
			variant="ghost"
			size="icon"
			className="h-8 w-8 text-destructive hover:text-destructive"
			aria-label="Delete step"
			onClick={onClick}
			disabled={disabled}
		>
			<Trash2 aria-hidden="true" />
		</Button>
	)
}
