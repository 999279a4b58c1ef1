import { useEffect, useState } from 'react'

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<Value>(value: Value, delay: number) {
	const [debounced, setDebounced] = useState(value)
	useEffect(() => {
		const timeout = setTimeout(() => setDebounced(value), delay)
		return () => clearTimeout(timeout)
	}, [value, delay])
	return debounced
}
