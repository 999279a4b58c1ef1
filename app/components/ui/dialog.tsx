import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/misc.ts'
import { useReturnFocus } from './return-focus.tsx'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogPortal = DialogPrimitive.Portal
export const DialogClose = DialogPrimitive.Close

export const DialogOverlay = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Overlay>,
	React.ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
	return (
		<DialogPrimitive.Overlay
			ref={ref}
			className={cn(
				'fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0',
				className,
			)}
			{...props}
		/>
	)
})

type DialogContentProps = React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
	/** Lets stacked dialogs sit above each other (overlay uses zIndex, content zIndex + 1). */
	zIndex?: number
	/** Hide the top-right close button, e.g. when the footer already offers Cancel. */
	hideClose?: boolean
}

export const DialogContent = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Content>,
	DialogContentProps
>(function DialogContent({ className, children, zIndex, hideClose, style, onCloseAutoFocus, ...props }, ref) {
	const returnFocus = useReturnFocus(onCloseAutoFocus)
	return (
		<DialogPortal>
			<DialogOverlay style={zIndex === undefined ? undefined : { zIndex }} />
			<DialogPrimitive.Content
				ref={ref}
				style={zIndex === undefined ? style : { ...style, zIndex: zIndex + 1 }}
				className={cn(
					'fixed left-[50%] top-[50%] z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg duration-200 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0 data-[state=closed]:zoom-out-95 data-[state=open]:zoom-in-95',
					className,
				)}
				onCloseAutoFocus={returnFocus.onCloseAutoFocus}
				{...props}
			>
				{returnFocus.remember}
				{children}
				{hideClose ? null : <DialogCornerClose />}
			</DialogPrimitive.Content>
		</DialogPortal>
	)
})

/** The top-right × of a dialog or sheet; `label` is its accessible name. */
export function DialogCornerClose({ label = 'Close' }: { label?: string }) {
	return (
		<DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none">
			<X className="h-4 w-4" aria-hidden="true" />
			<span className="sr-only">{label}</span>
		</DialogPrimitive.Close>
	)
}

export function DialogHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('flex flex-col space-y-1.5 text-center sm:text-left', className)} {...props} />
}

export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
	return (
		<div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
	)
}

export const DialogTitle = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Title>,
	React.ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
	return (
		<DialogPrimitive.Title
			ref={ref}
			className={cn('text-lg font-semibold leading-none tracking-tight', className)}
			{...props}
		/>
	)
})

export const DialogDescription = React.forwardRef<
	React.ElementRef<typeof DialogPrimitive.Description>,
	React.ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
	return (
		<DialogPrimitive.Description
			ref={ref}
			className={cn('text-sm text-muted-foreground', className)}
			{...props}
		/>
	)
})
