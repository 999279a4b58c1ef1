// The toolbar popup: whether LinkedIn is logged in and whether Reachout is connected, with the last
// check and action. Read straight from the cookies and the companion's storage; it redraws when
// the storage changes (the action loop writes as it goes).

import { CONFIG } from './config.ts'
import { readLinkedInSession } from './linkedin-session.ts'
import { describePopup, type Tone } from './popup-view.ts'
import { chromeStateStore } from './state.ts'

const storage = chromeStateStore()

function element<T extends HTMLElement = HTMLElement>(id: string) {
	const found = document.getElementById(id)
	if (!found) throw new Error(`#${id} is missing from popup.html`)
	return found as T
}

function badge(id: string, label: string, tone: Tone) {
	const node = element(id)
	node.textContent = label
	node.dataset.tone = tone
}

async function render() {
	const [session, state] = await Promise.all([
		readLinkedInSession((details) => chrome.cookies.get(details), CONFIG.linkedinBaseUrl).catch(() => null),
		storage.get(),
	])
	const view = describePopup({ linkedinLoggedIn: Boolean(session), state, now: new Date() })
	badge('linkedin-status', view.linkedin.label, view.linkedin.tone)
	element('linkedin-detail').textContent = view.linkedin.detail
	badge('app-status', view.app.label, view.app.tone)
	element('app-detail').textContent = view.app.detail
	element('last-check').textContent = view.lastCheck
	element('last-action').textContent = view.lastAction
	element('check-now').hidden = !view.canCheckNow
}

element('version').textContent = `v${CONFIG.version}`
element<HTMLAnchorElement>('linkedin-link').href = `${CONFIG.linkedinBaseUrl}/feed/`
element<HTMLAnchorElement>('app-link').href = CONFIG.appOrigin
const checkNow = element<HTMLButtonElement>('check-now')
checkNow.addEventListener('click', () => {
	checkNow.disabled = true
	checkNow.textContent = 'Checking…'
	void chrome.runtime
		.sendMessage({ type: 'RUN_ACTION_LOOP' })
		.catch(() => null)
		.finally(() => {
			checkNow.disabled = false
			checkNow.textContent = 'Check now'
			void render()
		})
})
chrome.storage.onChanged.addListener(() => void render())
void render()
