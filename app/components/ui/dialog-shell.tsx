import * as React from 'react'
import { Button } from './button.tsx'
import {
	Dialog,
	DialogClose,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from './dialog.tsx'

export type DialogShellProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	title: React.ReactNode
	/** Shown under the title and linked as the dialog's accessible description. */
	description?: React.ReactNode
	/** Buttons under the body; omit when the body's form renders its own. */
	footer?: React.ReactNode
	children?: React.ReactNode
	/** Width and layout of the content box (e.g. `max-w-2xl`). */
	className?: string
	footerClassName?: string
	zIndex?: number
	hideClose?: boolean
	descriptionId?: string
} & Pick<React.ComponentPropsWithoutRef<typeof DialogContent>, 'onOpenAutoFocus' | 'onEscapeKeyDown' | 'role'>

/** The props of a dialog its parent opens and closes. */
export type DialogOpenProps = Pick<DialogShellProps, 'open' | 'onOpenChange'>

/**
 * The one shell of a titled dialog: header with title and description, body, optional footer.
 * Feature dialogs pass their parts instead of assembling the primitives each time.
 */
export function DialogShell({
	open,
	onOpenChange,
	title,
	description,
	footer,
	children,
	className,
	footerClassName,
	zIndex,
	hideClose,
	descriptionId,
	...contentProps
}: DialogShellProps) {
	const generatedId = React.useId()
	const describedBy = description ? (descriptionId ?? `${generatedId}-description`) : undefined
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent
				className={className}
				zIndex={zIndex}
				hideClose={hideClose}
				aria-describedby={describedBy}
				{...contentProps}
			>
				<DialogHeader>
					<DialogTitle>{title}</DialogTitle>
					{description ? <DialogDescription id={describedBy}>{description}</DialogDescription> : null}
				</DialogHeader>
				{children}
				{footer ? <DialogFooter className={footerClassName}>{footer}</DialogFooter> : null}
			</DialogContent>
		</Dialog>
	)
}

/** The footer's "Cancel": closes the surrounding dialog. */
export function DialogCancelButton({ label = 'Cancel', disabled }: { label?: string; disabled?: boolean }) {
	return (
		<DialogClose asChild>
			<Button type="button" variant="outline" disabled={disabled}>
				{label}
			</Button>
		</DialogClose>
	)
}
