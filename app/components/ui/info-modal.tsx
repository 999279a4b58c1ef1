import type * as React from 'react'
import { Button } from './button.tsx'
import { DialogShell, type DialogOpenProps } from './dialog-shell.tsx'

/**
 * The spec's Info modal: an optional title, a body and one button (its label "Close" unless
 * given) that closes it. Without a title the dialog is still named, for screen readers.
 */
export function InfoModal({
	open,
	onOpenChange,
	title,
	children,
	buttonLabel = 'Close',
	className = 'max-w-md',
}: DialogOpenProps & {
	title?: React.ReactNode
	children: React.ReactNode
	buttonLabel?: string
	className?: string
}) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title={title ?? <span className="sr-only">Information</span>}
			className={className}
			hideClose
			footer={
				<Button type="button" onClick={() => onOpenChange(false)}>
					{buttonLabel}
				</Button>
			}
		>
			<div className="grid gap-3 text-sm">{children}</div>
		</DialogShell>
	)
}
