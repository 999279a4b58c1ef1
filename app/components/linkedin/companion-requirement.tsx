import { Download } from 'lucide-react'
import { Link } from '@remix-run/react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'
import { CHROME_REQUIRED_MESSAGE } from './linkedin-companion.ts'
import { type CompanionStatusValue } from './use-companion-status.ts'

// What a LinkedIn feature says when the companion cannot serve it (companies-leads-search.md:
// "Please use the Chrome browser to authenticate with LinkedIn", or "To use this feature, you
// need to install our Chrome extension" with an Install link).

export const INSTALL_EXTENSION_MESSAGE = 'To use this feature, you need to install our Chrome extension'
/** The companion's download and install instructions. */
export const COMPANION_INSTALL_PATH = '/companion'

/** Which of the two messages applies, or null when the companion may serve the feature. */
export function companionRequirement(value: Pick<CompanionStatusValue, 'status' | 'chrome'> | null) {
	if (!value) return null
	if (value.chrome === false) return 'chrome' as const
	if (value.status === 'not_installed') return 'install' as const
	return null
}

export function CompanionRequirementNotice({
	value,
	className,
}: {
	value: Pick<CompanionStatusValue, 'status' | 'chrome'> | null
	className?: string
}) {
	const requirement = companionRequirement(value)
	if (!requirement) return null
	return (
		<div
			role="alert"
			className={cn(
				'flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900',
				className,
			)}
		>
			<p>{requirement === 'chrome' ? CHROME_REQUIRED_MESSAGE : INSTALL_EXTENSION_MESSAGE}</p>
			{requirement === 'install' ? <InstallLink /> : null}
		</div>
	)
}

export function InstallLink({ className }: { className?: string }) {
	return (
		<Link
			to={COMPANION_INSTALL_PATH}
			className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'bg-background', className)}
		>
			<Download aria-hidden="true" />
			Install
		</Link>
	)
}
