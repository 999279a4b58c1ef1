// How the Google sign-in popup reports back to the page that opened it (see
// google-permissions-dialog.tsx and app/routes/_auth+/auth.google_.done.tsx).

/** Where the popup's sign-in ends: a page that tells the opener and closes itself. */
export const GOOGLE_SIGN_IN_DONE_PATH = '/auth/google/done'
export const GOOGLE_SIGN_IN_CHANNEL = 'reachout:google-sign-in'
export const GOOGLE_SIGN_IN_POPUP = 'reachout-google-sign-in'

export type GoogleSignInMessage = { type: 'granted' }
