/**
 * What an inbound message in a sequence's conversation is, from its headers, content type and
 * text alone (pure: Gmail sync and IMAP sync both call it, decision 016):
 *
 * - BOUNCE: a delivery report that the message failed, with the class that decides what it does
 *   — PERMANENT_RECIPIENT (the address does not exist: 5.1.x, 5.2.1, "user unknown") flags the
 *   contact; POLICY_BLOCK (5.7.x, spam, block lists, DMARC) and OTHER (mailbox full, gave up
 *   after retries, …) fail the step but say nothing about the address;
 * - DELAY_NOTICE: a report that delivery is delayed and still being retried;
 * - AUTO_REPLY: written by a machine on the contact's side (out of office, vacation, a read or
 *   delivery receipt): kept in the conversation, never the contact's reply;
 * - REPLY: anything else — a person answered.
 */

export type InboundClassificationInput = {
	/** Header values by name (any case). */
	headers: Record<string, string>
	/** The sender's address when already parsed; else read from the From header. */
	from?: string | null
	/** Else read from the Subject header. */
	subject?: string | null
	/** Else read from the Content-Type header. */
	contentType?: string | null
	/** The message's text (a snippet is enough), including a report's human-readable part. */
	text?: string | null
	/** A report's machine-readable parts (message/delivery-status, returned headers), when the caller separated them. */
	reportText?: string | null
}

export type BounceClass = 'PERMANENT_RECIPIENT' | 'POLICY_BLOCK' | 'OTHER'

export type InboundClassification =
	| { kind: 'REPLY' }
	| { kind: 'AUTO_REPLY'; signal: string }
	| { kind: 'DELAY_NOTICE'; status: string | null }
	| { kind: 'BOUNCE'; bounceClass: BounceClass; status: string | null; diagnostic: string | null }

export type InboundKind = InboundClassification['kind']

export function classifyInbound(input: InboundClassificationInput): InboundClassification {
	const headers = lowerCaseKeys(input.headers)
	const message = {
		headers,
		from: (input.from ?? addressOf(headers.from ?? '')).trim().toLowerCase(),
		subject: (input.subject ?? headers.subject ?? '').trim(),
		contentType: (input.contentType ?? headers['content-type'] ?? '').toLowerCase(),
		text: input.text ?? '',
		reportText: input.reportText ?? '',
	}
	const report = deliveryReport(message)
	if (report) return report
	const signal = autoReplySignal(message)
	return signal ? { kind: 'AUTO_REPLY', signal } : { kind: 'REPLY' }
}

type Message = {
	headers: Record<string, string>
	from: string
	subject: string
	contentType: string
	text: string
	reportText: string
}

// ─── Delivery reports (RFC 3464 DSNs and the free-form ones some servers still send) ────────────

const REPORT_SENDERS = new Set(['mailer-daemon', 'postmaster', 'mail-daemon', 'mailerdaemon'])

const REPORT_SUBJECT =
	/^(undeliver(able|ed)|delivery (status notification|failure|has failed|delayed|notification|incomplete)|returned mail|failure notice|mail delivery (failed|failure|system)|non[- ]?delivery|delayed mail|warning: (message|could not send)|message (not delivered|delayed|delivery delayed)|mail system error|unzustellbar|nicht zustellbar|non remis|no entregado)/i

const DELAY_WORDS =
	/\(delay\)|\bdelayed\b|will (continue to )?retry|still (being )?(retried|trying)|has not (yet )?been delivered|temporary (problem|failure)|delivery incomplete/i

function deliveryReport(message: Message): InboundClassification | null {
	// A read receipt (RFC 8098) is a report too, but about the reader, not the delivery.
	if (/multipart\/report/.test(message.contentType) && /disposition-notification/.test(message.contentType))
		return { kind: 'AUTO_REPLY', signal: 'read receipt' }
	const fields = reportFields(`${message.reportText}\n${message.text}`)
	const isReport =
		(/multipart\/report/.test(message.contentType) && /delivery-status/.test(message.contentType)) ||
		REPORT_SENDERS.has(message.from.split('@')[0] ?? '') ||
		Boolean(message.headers['x-failed-recipients']) ||
		(REPORT_SUBJECT.test(message.subject) && (isAutoSubmitted(message.headers) || fields.actions.length > 0))
	if (!isReport) return null

	const status = mostSpecificStatus(fields.statuses, `${message.reportText}\n${message.text}`)
	const failed = fields.actions.includes('failed')
	const delayed = fields.actions.includes('delayed')
	if (!failed && fields.actions.length && !delayed)
		return { kind: 'AUTO_REPLY', signal: `delivery report (${fields.actions.join(', ')})` }
	if (
		!failed &&
		(delayed || DELAY_WORDS.test(message.subject) || (!status && DELAY_WORDS.test(message.text)))
	)
		return { kind: 'DELAY_NOTICE', status }

	const diagnostic = fields.diagnostic ?? humanDiagnostic(message.text, status)
	const evidence = [diagnostic, message.text, message.subject].filter(Boolean).join('\n')
	return { kind: 'BOUNCE', bounceClass: bounceClassOf(status, evidence), status, diagnostic }
}

/** The DSN fields of a report (Action, Status, Diagnostic-Code), folded lines joined. */
function reportFields(text: string) {
	const lines = text
		.replace(/\r\n/g, '\n')
		.replace(/\n[ \t]+/g, ' ')
		.split('\n')
	const actions: string[] = []
	const statuses: string[] = []
	let diagnostic: string | null = null
	for (const line of lines) {
		const field = /^\s*(action|status|diagnostic-code)\s*:\s*(.+?)\s*$/i.exec(line)
		if (!field) continue
		const [, rawName, value] = field as unknown as [string, string, string]
		const name = rawName.toLowerCase()
		if (name === 'action') actions.push(value.toLowerCase().split(/\s/)[0]!)
		else if (name === 'status') {
			const code = /^([245]\.\d{1,3}\.\d{1,3})/.exec(value)?.[1]
			if (code) statuses.push(code)
		} else diagnostic ??= value.replace(/^[\w-]+\s*;\s*/, '').slice(0, 500)
	}
	return { actions, statuses, diagnostic }
}

// A status code not inside an IP address or a version number.
const STATUS_CODE = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/g

/** The Status field, unless it is a generic X.0.0 and the text names a more precise code of the same class. */
function mostSpecificStatus(statuses: string[], text: string): string | null {
	const field = statuses.find((code) => !code.startsWith('2')) ?? null
	if (field && !/\.0\.0$/.test(field)) return field
	const inText = [...text.matchAll(STATUS_CODE)].map((match) => match[0])
	const precise = inText.find(
		(code) => !/\.0\.0$/.test(code) && !code.startsWith('2') && (!field || code[0] === field[0]),
	)
	return precise ?? field ?? inText.find((code) => !code.startsWith('2')) ?? null
}

/** The line of a free-form report that carries the server's answer. */
function humanDiagnostic(text: string, status: string | null) {
	const lines = text.split(/\r?\n/).map((line) => line.trim())
	const line =
		(status ? lines.find((candidate) => candidate.includes(status)) : undefined) ??
		lines.find((candidate) => /\b[45]\d\d\b/.test(candidate))
	return line ? line.slice(0, 500) : null
}

const RECIPIENT_UNKNOWN =
	/user unknown|unknown user|no such (user|mailbox|recipient)|(does ?n[o']t|not) exist|address not found|recipient not found|unknown recipient|recipient unknown|mailbox (not found|unavailable|does not exist)|invalid (recipient|mailbox|address)|no mailbox|not a valid (recipient|mailbox)|account (is |has been )?disabled|unrouteable address|NoSuchUser/i

const POLICY =
	/spam|blocked|block ?list|black ?list|deny ?list|polic(y|ies)|reputation|not (authori[sz]ed|permitted)|unauthenticated|dmarc|\bspf\b|dkim|\brbl\b|spamhaus|listed (on|in|at)|access denied|content rejected|message rejected|relay(ing)? (denied|not permitted)/i

/**
 * 5.7.x is a policy refusal (the sender, the content or its authentication): the address may be
 * fine. 5.1.x (bad mailbox, unknown host) and 5.2.1 (mailbox disabled) are the address. Other or
 * generic codes are read from the server's words, a policy word winning over an unknown user.
 */
export function bounceClassOf(status: string | null, evidence: string): BounceClass {
	if (status) {
		const [klass, subject] = status.split('.')
		if (subject === '7') return 'POLICY_BLOCK'
		if (klass === '5' && (subject === '1' || status === '5.2.1')) return 'PERMANENT_RECIPIENT'
		if (klass === '4') return POLICY.test(evidence) ? 'POLICY_BLOCK' : 'OTHER'
		if (subject !== '0' && subject !== '5') return POLICY.test(evidence) ? 'POLICY_BLOCK' : 'OTHER'
	}
	if (POLICY.test(evidence)) return 'POLICY_BLOCK'
	if (RECIPIENT_UNKNOWN.test(evidence)) return 'PERMANENT_RECIPIENT'
	return 'OTHER'
}

// ─── Automatic replies (RFC 3834 and what mail systems really send) ─────────────────────────

const AUTO_REPLY_SUBJECT =
	/^((automatic|auto)[- ]?(reply|response|antwort)|autoreply|auto:|out of (the )?office|ooo\b|abwesenheit|automatische antwort|réponse automatique|absence|respuesta automática|fuera de la oficina|risposta automatica|automatisch antwoord|resposta automática|autosvar|automaattinen vastaus|odpowiedź automatyczna|自动回复|自動応答)/i

const AWAY_TEXT =
	/out of (the )?office|on (annual |parental |maternity |paternity |sick )?leave|on (vacation|holiday)|away from (the office|my desk)|limited access to (my )?e-?mail|back in the office|no longer (with|at|work)/i

function autoReplySignal(message: Message): string | null {
	const { headers } = message
	if (isAutoSubmitted(headers)) return `Auto-Submitted: ${headers['auto-submitted']}`
	for (const name of ['x-autoreply', 'x-autorespond', 'x-autoresponder', 'x-autogenerated']) {
		const value = headers[name]?.trim()
		if (value && !/^no$/i.test(value)) return `${name}: ${value}`
	}
	const precedence = (headers.precedence ?? headers['x-precedence'] ?? '').trim().toLowerCase()
	if (precedence === 'auto_reply') return `Precedence: ${precedence}`
	if (AUTO_REPLY_SUBJECT.test(message.subject)) return `Subject: ${message.subject.slice(0, 80)}`
	if (['bulk', 'junk', 'list'].includes(precedence) && AWAY_TEXT.test(message.text.slice(0, 2000)))
		return `Precedence: ${precedence}`
	return null
}

function isAutoSubmitted(headers: Record<string, string>) {
	const value = headers['auto-submitted']?.trim().toLowerCase()
	return Boolean(value) && value !== 'no'
}

function lowerCaseKeys(headers: Record<string, string>) {
	const lower: Record<string, string> = {}
	for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value
	return lower
}

function addressOf(value: string) {
	return /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value
}
