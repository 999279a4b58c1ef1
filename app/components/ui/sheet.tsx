import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

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
	{ className, children, inline = false, closeLabel = 'Close', hideClose = false, ...props },
	ref,
) {
	const content = (
		<>
			<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0" />
			<DialogPrimitive.Content
				ref={ref}
				className={cn(
					'fixed inset-y-0 right-0 z-50 flex h-full w-full max-w-xl flex-col gap-4 border-l bg-background p-6 shadow-lg transition ease-in-out data-[state=closed]:duration-300 data-[state=open]:duration-500 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:slide-out-to-right data-[state=open]:slide-in-from-right',
					className,
				)}
				{...props}
			>
				{children}
				{hideClose ? null : (
					<DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none">
						<X className="h-4 w-4" aria-hidden="true" />
						<span className="sr-only">{closeLabel}</span>
					</DialogPrimitive.Close>
				)}
			</DialogPrimitive.Content>
		</>
	)
	return inline ? content : <DialogPrimitive.Portal>{content}</DialogPrimitive.Portal>
})

export function SheetHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('flex flex-col space-y-2 pr-8 text-left', className)} {...props} />
}

export function SheetFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
	return (
		<div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
	)
}

export const SheetTitle = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Title>,
	React.ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function SheetTitle({ className, ...props }, ref) {
	return (
		<DialogPrimitive.Title
			ref={ref}
			className={cn('text-lg font-semibold text-foreground', className)}
			{...props}
		/>
	)
})

export const SheetDescription = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Description>,
	React.ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function SheetDescription({ className, ...props }, ref) {
	return (
		<DialogPrimitive.Description
			ref={ref}
			className={cn('text-sm text-muted-foreground', className)}
			{...props}
		/>
	)
})
