import { useEffect, useRef, useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import {
	type GenerationProgress,
	type GenerationProgressFrame,
	type GenerationRunCounts,
} from '#app/schemas/generation-progress.ts'

export function generationEventsUrl(runId?: string) {
	return `/resources/sequence-generations/events${runId ? `?run=${encodeURIComponent(runId)}` : ''}`
}

/**
 * Follows generations live over Server-Sent Events while `enabled`: every generating sequence's
 * progress, and with `runId` the run's figures. `onSettled` hears which sequences left CREATING
 * (the page re-reads them); a generation that failed shows "Failed to generate sequence".
 */
export function useGenerationProgress({
	enabled,
	runId,
	watchedIds,
	onSettled,
}: {
	enabled: boolean
	runId?: string
	/** Toast a failure only for these (the rows on screen); all when omitted. */
	watchedIds?: readonly string[]
	onSettled?: (changes: GenerationProgress[]) => void
}) {
	const [live, setLive] = useState<Record<string, GenerationProgress>>({})
	const [run, setRun] = useState<GenerationRunCounts | null>(null)
	const latest = useRef({ onSettled, watchedIds })
	latest.current = { onSettled, watchedIds }

	useEffect(() => {
		if (!enabled || typeof EventSource === 'undefined') return
		const source = new EventSource(generationEventsUrl(runId))
		source.addEventListener('progress', (event) => {
			const frame = JSON.parse((event as MessageEvent<string>).data) as GenerationProgressFrame
			if (frame.run) setRun(frame.run)
			if (frame.sequences.length === 0) return
			setLive((previous) => {
				const next = { ...previous }
				for (const change of frame.sequences) next[change.id] = change
				return next
			})
			const settled = frame.sequences.filter((change) => change.status !== 'CREATING')
			if (settled.length === 0) return
			const { watchedIds: watched, onSettled: settle } = latest.current
			const failed = settled.filter(
				(change) => change.status === 'FAILED' && (!watched || watched.includes(change.id)),
			)
			if (failed.length === 1) notify({ type: 'error', title: 'Failed to generate sequence' })
			else if (failed.length > 1)
				notify({ type: 'error', title: `Failed to generate ${failed.length} sequences` })
			settle?.(settled)
		})
		source.addEventListener('resync', () => latest.current.onSettled?.([]))
		return () => source.close()
	}, [enabled, runId])

	return { live, run }
}

/** A row with its live status and progress, when the stream has news of it. */
export function withLiveProgress<Row extends { id: string; status: string; progress: number }>(
	row: Row,
	live: Record<string, GenerationProgress>,
): Row {
	const change = live[row.id]
	if (!change || row.status !== 'CREATING') return row
	return {
		...row,
		status: change.status === 'DELETED' ? row.status : change.status,
		progress: change.progress,
	}
}

/** Calls `run` at most once per `waitMs`, and once more after the last call of a burst. */
export function useThrottled(run: () => void, waitMs = 1_000) {
	const state = useRef<{ last: number; timer: ReturnType<typeof setTimeout> | null }>({
		last: 0,
		timer: null,
	})
	const latest = useRef(run)
	latest.current = run
	useEffect(() => () => void (state.current.timer && clearTimeout(state.current.timer)), [])
	return () => {
		const current = state.current
		if (current.timer) return
		const wait = Math.max(0, current.last + waitMs - Date.now())
		current.timer = setTimeout(() => {
			current.timer = null
			current.last = Date.now()
			latest.current()
		}, wait)
	}
}
