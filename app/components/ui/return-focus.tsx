import * as React from 'react'

// Radix gives focus back to a dialog's Trigger on close, and to nothing when there is none. Ours
// mostly have none: they are opened by state (a row, a menu item, the dialog stack) or are routes
// (the sequence drawer), so focus fell to the page body. These give it back to the control that
// had it when the dialog opened.

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? React.useEffect : React.useLayoutEffect

// The last element that had focus: a menu item that opened a dialog may already be removed (and
// focus on the body) when the dialog mounts.
let lastFocused: HTMLElement | null = null
if (typeof document !== 'undefined') {
	document.addEventListener('focusin', (event) => {
		if (event.target instanceof HTMLElement) lastFocused = event.target
	})
}

/**
 * The element to return to, from the one focused when a dialog opens: itself, or for a menu item
 * (gone once the menu closes) the button that opened the menu.
 */
export function focusOrigin(active: Element | null): HTMLElement | null {
	const focused = active instanceof HTMLElement && active !== document.body
	// On the body, only a removed menu item counts (anything else focused before is unrelated).
	const element = focused ? active : lastFocused?.isConnected ? null : lastFocused
	if (!element) return null
	// closest() walks a removed menu too, up to its own detached root.
	const menuButtonId = element.closest('[role="menu"]')?.getAttribute('aria-labelledby')
	if (menuButtonId) return document.getElementById(menuButtonId)
	return focused ? element : null
}

/**
 * `remember` goes inside the dialog's content (it mounts when the dialog opens, before Radix moves
 * focus in); `onCloseAutoFocus` goes on the content. A caller's own onCloseAutoFocus that calls
 * preventDefault() keeps the last word.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
	const origin = React.useRef<HTMLElement | null>(null)
	const remember = <RememberFocusOrigin origin={origin} />
	function handleCloseAutoFocus(event: Event) {
		onCloseAutoFocus?.(event)
		if (event.defaultPrevented) return
		const target = origin.current
		origin.current = null
		// Gone (a deleted row) or hidden: Radix's own rule (the trigger, if any) applies.
		if (!target?.isConnected || target.getClientRects().length === 0) return
		event.preventDefault()
		target.focus({ preventScroll: true })
	}
	return { remember, onCloseAutoFocus: handleCloseAutoFocus }
}

function RememberFocusOrigin({ origin }: { origin: React.MutableRefObject<HTMLElement | null> }) {
	useIsomorphicLayoutEffect(() => {
		origin.current = focusOrigin(document.activeElement)
	}, [origin])
	return null
}
