import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '#app/root.tsx'

/** The signed-in user as the browser sees it (never the session id). */
export function useOptionalActor() {
	const data = useRouteLoaderData<typeof rootLoader>('root')
	return data?.actor ?? null
}

export function useActor() {
	const actor = useOptionalActor()
	if (!actor) throw new Error('useActor needs a signed-in user; use useOptionalActor on public pages')
	return actor
}
