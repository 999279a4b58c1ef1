import * as DialogPrimitive from '@radix-ui/react-dialog'
import * as React from 'react'
import { cn } from '#app/utils/misc.ts'
import { DialogCornerClose, DialogTitle } from './dialog.tsx'
import { useReturnFocus } from './return-focus.tsx'

// shadcn's Sheet (a dialog that slides in from the right), on @radix-ui/react-dialog.

export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close

type SheetContentProps = React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
	/**
	 * Render in place instead of in a portal. Radix portals mount only after hydration, so a
	 * sheet that must be in the server HTML (a route that works without JavaScript) opts out.
	 */
	inline?: boolean
	/** Label of the top-right close button. */
	closeLabel?: string
	/** Leave out the top-right close button (the content brings its own). */
	hideClose?: boolean
}

export const SheetContent = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Content>,
	SheetContentProps
>(function SheetContent(
	{
		className,
		children,
		inline = false,
		closeLabel = 'Close',
		hideClose = false,
		onCloseAutoFocus,
		...props
	},
	ref,
) {
	const returnFocus = useReturnFocus(onCloseAutoFocus)
	const content = (
		<>
			<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0" />
			<DialogPrimitive.Content
				ref={ref}
				className={cn(
					'fixed inset-y-0 right-0 z-50 flex h-full w-full max-w-xl flex-col gap-4 border-l bg-background p-6 shadow-lg transition ease-in-out data-[state=closed]:duration-300 data-[state=open]:duration-500 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:slide-out-to-right data-[state=open]:slide-in-from-right',
					className,
				)}
				onCloseAutoFocus={returnFocus.onCloseAutoFocus}
				{...props}
			>
				{returnFocus.remember}
				{children}
				{hideClose ? null : <DialogCornerClose label={closeLabel} />}
			</DialogPrimitive.Content>
		</>
	)
	return inline ? content : <DialogPrimitive.Portal>{content}</DialogPrimitive.Portal>
})

export function SheetHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('flex flex-col space-y-2 pr-8 text-left', className)} {...props} />
}

// A sheet's footer and description are a dialog's; its title keeps the text's own line height.
export { DialogFooter as SheetFooter, DialogDescription as SheetDescription } from './dialog.tsx'

export const SheetTitle = React.forwardRef<
	React.ElementRef<typeof DialogTitle>,
	React.ComponentPropsWithoutRef<typeof DialogTitle>
>(function SheetTitle({ className, ...props }, ref) {
	return (
		<DialogTitle
			ref={ref}
			className={cn('leading-7 tracking-normal text-foreground', className)}
			{...props}
		/>
	)
})
