import { useEffect, useRef } from 'react'

/**
 * Runs `onValue` once for each new non-null value, e.g. a fetcher's answer: a dialog that saved
 * hands the saved row on and closes, once, however often it renders afterwards.
 */
export function useOnNewValue<T>(value: T | null | undefined, onValue: (value: T) => void) {
	const handled = useRef<T | null>(null)
	const latest = useRef(onValue)
	latest.current = onValue
	useEffect(() => {
		if (value === null || value === undefined || handled.current === value) return
		handled.current = value
		latest.current(value)
	}, [value])
}
