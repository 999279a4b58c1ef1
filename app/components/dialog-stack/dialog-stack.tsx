import * as React from 'react'
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx'
import { DialogShell, type DialogShellProps } from '#app/components/ui/dialog-shell.tsx'
import {
	createInitialState,
	dialogStackReducer,
	zIndexForLayer,
	type DialogStackState,
} from './dialog-stack-reducer.ts'

export type StackedDialogApi = {
	name: string
	/** z-index for this layer's overlay; content uses zIndex + 1. */
	zIndex: number
	close: () => void
}

export type DialogRender = React.ReactNode | ((dialog: StackedDialogApi) => React.ReactNode)

type DialogStackContextValue = {
	/** Opens a dialog on top of the others. Returns false (and does nothing) when `name` is already open. */
	openDialog: (name: string, render: DialogRender) => boolean
	closeDialog: (name: string) => void
	closeAllDialogs: () => void
	isDialogOpen: (name: string) => boolean
}

const DialogStackContext = React.createContext<DialogStackContextValue | null>(null)
const StackedDialogContext = React.createContext<StackedDialogApi | null>(null)

export function DialogStackProvider({ children }: { children: React.ReactNode }) {
	const [state, dispatch] = React.useReducer(
		dialogStackReducer<DialogRender>,
		undefined,
		createInitialState<DialogRender>,
	)
	// Mirrors the open names synchronously so openDialog can answer before React re-renders.
	const openNames = React.useRef(new Set<string>())

	const value = React.useMemo<DialogStackContextValue>(
		() => ({
			openDialog(name, render) {
				if (openNames.current.has(name)) return false
				openNames.current.add(name)
				dispatch({ type: 'open', name, render })
				return true
			},
			closeDialog(name) {
				openNames.current.delete(name)
				dispatch({ type: 'close', name })
			},
			closeAllDialogs() {
				openNames.current.clear()
				dispatch({ type: 'closeAll' })
			},
			isDialogOpen(name) {
				return openNames.current.has(name)
			},
		}),
		[],
	)

	return (
		<DialogStackContext.Provider value={value}>
			{children}
			<DialogLayers state={state} closeDialog={value.closeDialog} />
		</DialogStackContext.Provider>
	)
}

function DialogLayers({
	state,
	closeDialog,
}: {
	state: DialogStackState<DialogRender>
	closeDialog: (name: string) => void
}) {
	return state.dialogs.map((dialog, layer) => (
		<DialogLayer
			key={dialog.name}
			name={dialog.name}
			layer={layer}
			render={dialog.render}
			closeDialog={closeDialog}
		/>
	))
}

function DialogLayer({
	name,
	layer,
	render,
	closeDialog,
}: {
	name: string
	layer: number
	render: DialogRender
	closeDialog: (name: string) => void
}) {
	const api = React.useMemo<StackedDialogApi>(
		() => ({ name, zIndex: zIndexForLayer(layer), close: () => closeDialog(name) }),
		[name, layer, closeDialog],
	)
	return (
		<StackedDialogContext.Provider value={api}>
			{typeof render === 'function' ? render(api) : render}
		</StackedDialogContext.Provider>
	)
}

export function useDialogStack() {
	const context = React.useContext(DialogStackContext)
	if (!context) throw new Error('useDialogStack must be used inside <DialogStackProvider>')
	return context
}

/** Inside a dialog opened with openDialog: its name, z-index and close(). */
export function useStackedDialog() {
	const context = React.useContext(StackedDialogContext)
	if (!context) throw new Error('useStackedDialog must be used inside a dialog opened with openDialog')
	return context
}

/** What closing a stacked dialog does: `onClose`, then it leaves the stack. */
function useStackedOpenChange(onClose?: () => void) {
	const { zIndex, close } = useStackedDialog()
	return {
		zIndex,
		onOpenChange(open: boolean) {
			if (open) return
			onClose?.()
			close()
		},
	}
}

/**
 * The usual shell for a stacked dialog: open while it is in the stack, Escape, the close button and
 * an outside click remove it, and it takes its layer's z-index.
 */
export function StackedDialog({
	children,
	onClose,
	...contentProps
}: Omit<React.ComponentPropsWithoutRef<typeof DialogContent>, 'zIndex'> & { onClose?: () => void }) {
	const { zIndex, onOpenChange } = useStackedOpenChange(onClose)
	return (
		<Dialog open onOpenChange={onOpenChange}>
			<DialogContent zIndex={zIndex} {...contentProps}>
				{children}
			</DialogContent>
		</Dialog>
	)
}

/** A titled stacked dialog: DialogShell (title, description, body, footer) on its stack layer. */
export function StackedDialogShell({
	onClose,
	...shellProps
}: Omit<DialogShellProps, 'open' | 'onOpenChange' | 'zIndex'> & { onClose?: () => void }) {
	const { zIndex, onOpenChange } = useStackedOpenChange(onClose)
	return <DialogShell open onOpenChange={onOpenChange} zIndex={zIndex} {...shellProps} />
}
