import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A callback ref for an element near the end of a scrolling list (inside an ancestor marked
 * `data-scroll-root`): when it scrolls into view `onVisible` runs — infinite scroll. The
 * observer follows the ref to whichever element holds it now.
 */
export function useLoadMoreSentinel<Element extends HTMLElement>(
	onVisible: () => void,
	{ enabled, rootMargin = '0px' }: { enabled: boolean; rootMargin?: string },
) {
	const [element, setElement] = useState<Element | null>(null)
	const callback = useRef(onVisible)
	callback.current = onVisible

	useEffect(() => {
		if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) callback.current()
			},
			{ root: element.closest('[data-scroll-root]'), rootMargin },
		)
		observer.observe(element)
		return () => observer.disconnect()
	}, [enabled, element, rootMargin])

	return useCallback((node: Element | null) => setElement(node), [])
}
