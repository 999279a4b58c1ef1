import { useFetcher, useFetchers, type FetcherWithComponents } from '@remix-run/react'
import * as React from 'react'
import { notify } from '#app/components/toaster.tsx'
import { type DrawerActionResult } from '#app/schemas/sequence-drawer.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export function sequenceActionPath(sequenceId: string) {
	return `/sequences/${encodeURIComponent(sequenceId)}`
}

type DrawerContextValue = {
	sequenceId: string
	actionPath: string
	/** Where a form posted without JavaScript comes back to (the drawer's page). */
	returnTo: string
	/** Where the drawer goes when it closes after a change, on its own page; none when it is a panel. */
	closeTo: string | null
	readOnly: boolean
	close: () => void
}

const DrawerContext = React.createContext<DrawerContextValue | null>(null)

export function DrawerProvider({
	value,
	children,
}: {
	value: DrawerContextValue
	children: React.ReactNode
}) {
	return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>
}

export function useDrawer() {
	const context = React.useContext(DrawerContext)
	if (!context) throw new Error('useDrawer must be used inside the sequence drawer')
	return context
}

/** True while any change to this sequence is on its way (activation waits for them). */
export function useDrawerBusy() {
	const { actionPath } = useDrawer()
	return useFetchers().some((fetcher) => fetcher.state !== 'idle' && fetcher.formAction === actionPath)
}

export type DrawerFetcher = FetcherWithComponents<DrawerActionResult>

/** A fetcher for drawer changes; it shows the toast of a refusal it gets back. */
export function useDrawerFetcher() {
	const fetcher = useFetcher<DrawerActionResult>()
	useFetcherResult(fetcher, (result) => {
		if (!result.ok && result.toast)
			notify({ type: 'error', title: result.toast.title, description: result.toast.description })
	})
	return fetcher
}

/**
 * A form that posts one intent to the drawer's route action. With JavaScript it goes through
 * the fetcher (mode=fetcher: the answer is data and a toast, the drawer stays); without, it
 * is a plain POST that comes back to the drawer's page.
 */
export function DrawerForm({
	fetcher,
	intent,
	children,
	className,
	onSubmit,
}: {
	fetcher: DrawerFetcher
	intent: string
	children: React.ReactNode
	className?: string
	onSubmit?: React.FormEventHandler<HTMLFormElement>
}) {
	const { actionPath } = useDrawer()
	return (
		<fetcher.Form method="post" action={actionPath} className={className} onSubmit={onSubmit}>
			<DrawerFormFields intent={intent} />
			{children}
		</fetcher.Form>
	)
}

/** The hidden fields every drawer submission carries. */
export function DrawerFormFields({ intent }: { intent: string }) {
	const { returnTo, closeTo } = useDrawer()
	const hydrated = useHydrated()
	return (
		<>
			<input type="hidden" name="intent" value={intent} />
			{hydrated ? <input type="hidden" name="mode" value="fetcher" /> : null}
			<input type="hidden" name="returnTo" value={returnTo} />
			{closeTo ? <input type="hidden" name="closeTo" value={closeTo} /> : null}
		</>
	)
}

/** The same fields for fetcher.submit. */
export function useDrawerSubmit(fetcher: DrawerFetcher) {
	const { actionPath, returnTo, closeTo } = useDrawer()
	return React.useCallback(
		(intent: string, values: Record<string, string>) => {
			fetcher.submit(
				{ ...values, intent, mode: 'fetcher', returnTo, ...(closeTo ? { closeTo } : {}) },
				{ method: 'post', action: actionPath },
			)
		},
		[fetcher, actionPath, returnTo, closeTo],
	)
}

/** Calls `handle` once for each answer the fetcher gets. */
export function useFetcherResult(fetcher: DrawerFetcher, handle: (result: DrawerActionResult) => void) {
	const handleRef = React.useRef(handle)
	handleRef.current = handle
	const seen = React.useRef<unknown>(null)
	React.useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data || seen.current === fetcher.data) return
		seen.current = fetcher.data
		handleRef.current(fetcher.data)
	}, [fetcher.state, fetcher.data])
}
