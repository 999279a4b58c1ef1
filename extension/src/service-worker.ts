// The companion's service worker: answers the app's pages and runs the LinkedIn action loop on an
// alarm (every CONFIG.pollSeconds), at browser start, at install and when the app hands it a token.

import { runActionLoop } from './action-loop.ts'
import { CONFIG } from './config.ts'
import { browserLinkedInClient, executeInBrowser } from './linkedin.ts'
import { readLinkedInSession } from './linkedin-session.ts'
import { handleExternalMessage } from './messages.ts'
import { chromeStateStore } from './state.ts'

const ALARM = 'claim-linkedin-actions'
const storage = chromeStateStore()
const readSession = () =>
	readLinkedInSession((details) => chrome.cookies.get(details), CONFIG.linkedinBaseUrl)

let running: Promise<unknown> | null = null

/** One loop at a time: an alarm during a long wake-up does not start a second one. */
function startActionLoop() {
	if (running) return running
	// Chrome stops an idle worker after 30 s; an extension API call every 20 s keeps it awake while
	// the loop waits out a short retry.
	const keepAlive = setInterval(() => void chrome.runtime.getPlatformInfo(), 20_000)
	running = runActionLoop({
		appOrigin: CONFIG.appOrigin,
		storage,
		readSession,
		execute: (session, claim) => executeInBrowser(CONFIG.linkedinBaseUrl, session, claim),
	})
		.catch((error: unknown) => console.error('[companion] action loop failed', error))
		.finally(() => {
			clearInterval(keepAlive)
			running = null
		})
	return running
}

function scheduleAlarm() {
	// Chrome runs alarms at most every 30 s (packed) or as set (unpacked); a minute is the default.
	void chrome.alarms.create(ALARM, {
		periodInMinutes: CONFIG.pollSeconds / 60,
		delayInMinutes: CONFIG.pollSeconds / 60,
	})
}

// Also at every start of the worker: an alarm lost with a browser profile's state comes back.
void chrome.alarms.get(ALARM).then((alarm) => {
	if (!alarm) scheduleAlarm()
})

chrome.alarms.onAlarm.addListener((alarm) => {
	if (alarm.name === ALARM) void startActionLoop()
})

chrome.runtime.onInstalled.addListener(() => {
	scheduleAlarm()
	void startActionLoop()
})

chrome.runtime.onStartup.addListener(() => {
	scheduleAlarm()
	void startActionLoop()
})

chrome.runtime.onMessageExternal.addListener((message, _sender, sendResponse) => {
	void handleExternalMessage(message, {
		version: CONFIG.version,
		linkedinBaseUrl: CONFIG.linkedinBaseUrl,
		storage,
		readSession,
		createClient: (session) => browserLinkedInClient(CONFIG.linkedinBaseUrl, session),
		startActionLoop: () => void startActionLoop(),
	}).then(sendResponse)
	// Keeps the channel open for the asynchronous answer.
	return true
})

// The popup's "Check now": starts the loop and answers at once; the popup redraws as it writes.
chrome.runtime.onMessage.addListener((message: { type?: unknown }, sender, sendResponse) => {
	if (sender.id !== chrome.runtime.id || message?.type !== 'RUN_ACTION_LOOP') return false
	void startActionLoop()
	sendResponse({ success: true })
	return false
})
