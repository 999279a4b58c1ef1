import { useEffect, useRef } from 'react'
import { useQueueable } from '#app/components/queueable/use-queueable.ts'
import { type QueueableJson } from '#app/schemas/queueable.ts'
import { useIdleRevalidate } from '#app/utils/use-idle-revalidate.ts'

/** The spec's "active jobs list every 3 s". */
const REFRESH_MS = 3_000

/**
 * Keeps a page showing a running import current: its job live over Server-Sent Events (the
 * figures), and the loader re-run when the job's status changes and every 3 s while `running`
 * (the import's state lives on the server; the loader reads it).
 */
export function useLiveImport({
	queueableId,
	running,
	follow = true,
	poll = true,
	pollMs = REFRESH_MS,
}: {
	queueableId: string | null | undefined
	running: boolean
	/** Open the event stream (a list follows only a few imports, to spare connections). */
	follow?: boolean
	/** Re-run the loader every 3 s while running (off when the page already does). */
	poll?: boolean
	/** The pace of that re-run: 3 s for imports; the contact search store's is 5 s (spec). */
	pollMs?: number
}): QueueableJson | null {
	const { queueable } = useQueueable(running && follow ? queueableId : null)
	useRevalidateEvery(running && poll ? pollMs : null)
	const revalidate = useIdleRevalidate()
	// The job's status changing, or its total appearing (parsing done: PARSING → PROCESSING), means
	// the import's state moved: the loader reads it.
	const step = queueable ? `${queueable.status}:${Number(queueable.metadata.total) > 0}` : undefined
	const seen = useRef(step)
	useEffect(() => {
		if (seen.current === step) return
		const first = seen.current === undefined
		seen.current = step
		if (!first) revalidate()
	}, [step, revalidate])
	return queueable
}

/** Re-runs the loaders every `ms` while the tab is visible (null: never). */
export function useRevalidateEvery(ms: number | null) {
	const revalidate = useIdleRevalidate()
	useEffect(() => {
		if (ms === null) return
		const timer = setInterval(() => {
			if (document.visibilityState === 'visible') revalidate()
		}, ms)
		return () => clearInterval(timer)
	}, [ms, revalidate])
}
