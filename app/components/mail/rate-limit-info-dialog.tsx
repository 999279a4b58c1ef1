import { Info } from 'lucide-react'
import { useCallback, useId, useState } from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** localStorage key of "Don't show this again" (per browser, like the spec's client). */
export const RATE_LIMIT_INFO_DISMISSED_KEY = 'reachout:rate-limit-info-dismissed'

function readDismissed() {
	try {
		return window.localStorage.getItem(RATE_LIMIT_INFO_DISMISSED_KEY) === 'true'
	} catch {
		// Storage blocked (private mode, policies): show the information every time.
		return false
	}
}

function writeDismissed(dismissed: boolean) {
	try {
		if (dismissed) window.localStorage.setItem(RATE_LIMIT_INFO_DISMISSED_KEY, 'true')
		else window.localStorage.removeItem(RATE_LIMIT_INFO_DISMISSED_KEY)
	} catch {
		// Not remembered; nothing else to do.
	}
}

/** The sending limits users must know before they build a sequence (spec §1 and §9). */
export function RateLimitInfoDialog({ open, onOpenChange }: DialogOpenProps) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Rate limits"
			description={RATE_LIMITS_INTRO}
			className="max-w-md"
			footerClassName="items-center gap-3 sm:justify-between"
			footer={
				<>
					<DontShowAgain />
					<Button type="button" onClick={() => onOpenChange(false)}>
						Got it
					</Button>
				</>
			}
		>
			<RateLimitList />
		</DialogShell>
	)
}

function RateLimitList() {
	return (
		<ul className="grid gap-3 text-sm">
			{RATE_LIMITS.map((limit) => (
				<li key={limit.title} className="rounded-md border p-3">
					<p className="font-medium">{limit.title}</p>
					<p className="text-muted-foreground">{limit.text}</p>
				</li>
			))}
		</ul>
	)
}

const RATE_LIMITS_INTRO =
	'Sequences send within these limits so your mailbox and LinkedIn account stay in good standing. Steps over a limit wait for the next day; they are never dropped.'

const RATE_LIMITS = [
	{
		title: 'Email',
		text: 'Each mailbox starts at 50 emails per day and the limit grows as your domain warms up.',
	},
	{ title: 'LinkedIn connection requests', text: 'At most 100 per week, and 12 per day to new connections.' },
	{
		title: 'LinkedIn request notes',
		text: 'Without a paid LinkedIn tier, only 5 connection requests with a note per month.',
	},
]

function DontShowAgain() {
	const checkboxId = useId()
	return (
		<div className="flex items-center gap-2">
			<Checkbox
				id={checkboxId}
				defaultChecked={readDismissed()}
				onChange={(event) => writeDismissed(event.currentTarget.checked)}
			/>
			<Label htmlFor={checkboxId}>Don&apos;t show this again</Label>
		</div>
	)
}

/**
 * The dialog's state: `showOnce()` opens it unless the user chose "Don't show this again";
 * `show()` always does (the info button).
 */
export function useRateLimitInfo() {
	const [open, setOpen] = useState(false)
	const showOnce = useCallback(() => {
		if (!readDismissed()) setOpen(true)
	}, [])
	const show = useCallback(() => setOpen(true), [])
	const dialog = <RateLimitInfoDialog open={open} onOpenChange={setOpen} />
	return { open, show, showOnce, dialog }
}

/**
 * An (i) button that opens the rate-limit information. Without JavaScript there is no dialog: a
 * native disclosure shows the same text under it, and the half-filled form around it stays.
 */
export function RateLimitInfoButton({ onClick }: { onClick: () => void }) {
	const hydrated = useHydrated()
	const icon = <Info aria-hidden="true" />
	if (!hydrated) {
		return (
			<details className="group relative">
				<summary
					className={cn(
						buttonVariants({ variant: 'ghost', size: 'icon' }),
						'h-8 w-8 cursor-pointer list-none [&::-webkit-details-marker]:hidden',
					)}
					title="Rate limits"
				>
					{icon}
					<span className="sr-only">Rate limits</span>
				</summary>
				<div className="absolute right-0 z-20 mt-1 grid w-80 gap-3 rounded-md border bg-popover p-4 text-popover-foreground shadow-md">
					<p className="text-sm text-muted-foreground">{RATE_LIMITS_INTRO}</p>
					<RateLimitList />
				</div>
			</details>
		)
	}
	return (
		<Button
			type="button"
			variant="ghost"
			size="icon"
			className="h-8 w-8"
			aria-label="Rate limits"
			title="Rate limits"
			aria-haspopup="dialog"
			onClick={onClick}
		>
			{icon}
		</Button>
	)
}
