import { Link, useLocation } from '@remix-run/react'
import { ScanSearch } from 'lucide-react'
import { useCallback } from 'react'
import {
	StackedDialog,
	useDialogStack,
	useStackedDialog,
} from '#app/components/dialog-stack/dialog-stack.tsx'
import { DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Button, buttonVariants, type ButtonProps } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { LeadScraperFlow, type LeadScraperShellProps } from './lead-scraper-flow.tsx'

export const LEAD_SCRAPER_DIALOG = 'lead-scraper'

/** The Lead scraper over the page it was opened from (the dialog stack's layer "lead-scraper"). */
export function LeadScraperDialog() {
	const { close } = useStackedDialog()
	return <LeadScraperFlow Shell={StackedShell} onCancel={close} onLeave={close} />
}

function StackedShell({ title, description, children }: LeadScraperShellProps) {
	return (
		<StackedDialog
			className="max-w-xl"
			aria-describedby="lead-scraper-description"
			// A click beside the dialog must not drop three steps of input.
			onInteractOutside={(event) => event.preventDefault()}
		>
			<DialogHeader>
				<DialogTitle>{title}</DialogTitle>
				<DialogDescription id="lead-scraper-description">{description}</DialogDescription>
			</DialogHeader>
			{children}
		</StackedDialog>
	)
}

/**
 * "Scrape leads": opens the dialog; without JavaScript, a link to the plain form at
 * /lead-scraper/new, which comes back here when cancelled.
 */
export function ScrapeLeadsButton({ variant = 'outline' }: { variant?: ButtonProps['variant'] }) {
	const hydrated = useHydrated()
	const { openDialog } = useDialogStack()
	const location = useLocation()
	const open = useCallback(() => openDialog(LEAD_SCRAPER_DIALOG, <LeadScraperDialog />), [openDialog])
	const content = (
		<>
			<ScanSearch aria-hidden="true" />
			Scrape leads
		</>
	)
	if (!hydrated) {
		const from = new URLSearchParams({ from: location.pathname })
		return (
			<Link to={`/lead-scraper/new?${from.toString()}`} className={buttonVariants({ variant })}>
				{content}
			</Link>
		)
	}
	return (
		<Button type="button" variant={variant} aria-haspopup="dialog" onClick={open}>
			{content}
		</Button>
	)
}
