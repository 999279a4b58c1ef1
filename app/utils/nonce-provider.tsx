import { createContext, useContext } from 'react'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** This response's Content-Security-Policy nonce (server/guards/security-headers.ts). */
		cspNonce?: string
	}
}

const NonceContext = createContext('')

/** app/entry.server.tsx provides the response's nonce to the document's render. */
export const NonceProvider = NonceContext.Provider

/** The nonce in a server render; '' in the browser, whose scripts are already running by then. */
export function useNonce() {
	return useContext(NonceContext)
}
