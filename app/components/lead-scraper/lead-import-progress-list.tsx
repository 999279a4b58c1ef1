import { useFetcher, useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueueable } from '#app/components/queueable/use-queueable.ts'
import { LeadImportProgressCard } from './lead-import-progress.tsx'
import {
	leadImportPhase,
	leadProgressPath,
	reviewTarget,
	type LeadImportPhase,
	type LeadImportProgressItem,
} from './lead-import-status.ts'

/** What /lead-scraper/progress loads: the imports of the ids asked for that are the organization's. */
export type LeadProgressData = { items: LeadImportProgressItem[] }

/** The spec: queue progress is polled every 3 s. */
export const LEAD_PROGRESS_POLL_MS = 3_000
/** Event streams kept open at once: a browser allows about six connections to one host. */
const LIVE_STREAMS = 3

/**
 * The imports started together, each live over Server-Sent Events (the first three) with the
 * stored state re-read through `refresh` (the caller polls it every 3 s). An import the server no
 * longer has (404) drops out of `items`. Once every one has leads to review, it navigates to the
 * first one's review (`onLeave` first, so a dialog can close).
 */
export function LeadImportProgressList({
	items,
	refresh,
	returnTo,
	onLeave,
}: {
	items: LeadImportProgressItem[]
	refresh: () => void
	returnTo: string
	onLeave?: () => void
}) {
	const navigate = useNavigate()
	const [reported, setReported] = useState<Record<string, LeadImportPhase>>({})
	const onPhase = useCallback((queueableId: string, phase: LeadImportPhase) => {
		setReported((current) =>
			current[queueableId] === phase ? current : { ...current, [queueableId]: phase },
		)
	}, [])
	const phases = items.map((item) => {
		const stored = leadImportPhase(item)
		return {
			queueableId: item.queueableId,
			phase: stored === 'running' ? (reported[item.queueableId] ?? stored) : stored,
		}
	})
	const target = reviewTarget(phases)
	const left = useRef(false)
	useEffect(() => {
		if (!target || left.current) return
		left.current = true
		onLeave?.()
		navigate(target)
	}, [target, navigate, onLeave])
	return (
		<div className="space-y-3">
			{items.map((item, index) => (
				<FollowedLeadImport
					key={item.queueableId}
					item={item}
					follow={index < LIVE_STREAMS}
					onPhase={onPhase}
					refresh={refresh}
					returnTo={returnTo}
				/>
			))}
		</div>
	)
}

function FollowedLeadImport({
	item,
	follow,
	onPhase,
	refresh,
	returnTo,
}: {
	item: LeadImportProgressItem
	follow: boolean
	onPhase: (queueableId: string, phase: LeadImportPhase) => void
	refresh: () => void
	returnTo: string
}) {
	const stored = leadImportPhase(item)
	const { queueable: live, error } = useQueueable(stored === 'running' && follow ? item.queueableId : null)
	const phase = stored === 'running' ? leadImportPhase(item, live) : stored
	useEffect(() => onPhase(item.queueableId, phase), [item.queueableId, phase, onPhase])
	// The job moved on (or is gone): the stored import is read again.
	const moment = `${live?.status ?? ''}:${error ?? ''}`
	const seen = useRef(moment)
	useEffect(() => {
		if (seen.current === moment) return
		seen.current = moment
		refresh()
	}, [moment, refresh])
	return <LeadImportProgressCard item={item} live={live} phase={phase} returnTo={returnTo} />
}

/**
 * The dialog's copy of /lead-scraper/progress's data for these ids: loaded at once, then every
 * 3 s while the tab is visible and an import runs.
 */
export function useLeadProgressData(queueableIds: string[]) {
	const fetcher = useFetcher<LeadProgressData>()
	// dialog=1: the loader answers even once all are done (the list navigates, after onLeave).
	const url = queueableIds.length ? `${leadProgressPath(queueableIds)}&dialog=1` : null
	const load = fetcher.load
	const refresh = useCallback(() => {
		if (url) void load(url)
	}, [url, load])
	useEffect(() => refresh(), [refresh])
	const items = fetcher.data?.items ?? null
	const running = items === null || items.some((item) => leadImportPhase(item) === 'running')
	const state = useRef(fetcher.state)
	state.current = fetcher.state
	useEffect(() => {
		if (!url || !running) return
		const timer = setInterval(() => {
			if (document.visibilityState === 'visible' && state.current === 'idle') refresh()
		}, LEAD_PROGRESS_POLL_MS)
		return () => clearInterval(timer)
	}, [url, running, refresh])
	return { items, refresh }
}
