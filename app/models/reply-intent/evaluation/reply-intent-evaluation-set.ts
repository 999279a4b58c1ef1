import { type ReplyIntent } from '#app/schemas/reply-intent.ts'

// Replies as prospects write them, in several languages, each with the intent a salesperson would give
// it and, where the reply names one, the date (out of office: the return day; not now: the day to
// resume) and the person referred to. Received on Friday 2026-11-27 at 10:00 UTC. `npm test` measures
// the offline classifier on it (classify-reply-intent.test.ts); bench/README.md keeps the figure.

export type EvaluationReply = {
	id: string
	language: string
	subject?: string
	headers?: Record<string, string>
	from?: string
	text: string
	intent: ReplyIntent
	/** YYYY-MM-DD: the return day (OUT_OF_OFFICE) or the day to resume (NOT_NOW). */
	date?: string
	referral?: { name?: string; email?: string }
}

export const EVALUATION_RECEIVED_AT = new Date('2026-11-27T10:00:00Z')

const OOO_HEADERS = { 'Auto-Submitted': 'auto-replied' }

export const REPLY_INTENT_EVALUATION_SET: EvaluationReply[] = [
	// ── Interested ──────────────────────────────────────────────────────────────────────────────
	{
		id: 'int-en-1',
		language: 'en',
		text: 'Hi Sam,\n\nThanks for reaching out — this sounds interesting. Could we do a 20 minute call next Tuesday afternoon?\n\nBest,\nMaria',
		intent: 'INTERESTED',
	},
	{
		id: 'int-en-2',
		language: 'en',
		text: 'Sure, send me more details and your pricing. We are looking at options for Q1.',
		intent: 'INTERESTED',
	},
	{
		id: 'int-en-3',
		language: 'en',
		text: "Happy to chat. Here's my calendar link, grab any slot that works: https://cal.example/jonas",
		intent: 'INTERESTED',
	},
	{
		id: 'int-en-4',
		language: 'en',
		text: 'Yes, timing is actually good - we just lost our vendor. What does onboarding look like?',
		intent: 'INTERESTED',
	},
	{
		id: 'int-en-5',
		language: 'en',
		text: "Let's talk. Thursday 2pm CET works for me.\n\nOn Tue, Nov 24, 2026 at 9:02 AM Sam <sam@reachout.example> wrote:\n> Would you be open to a quick call?\n> Not interested? Just let me know.",
		intent: 'INTERESTED',
	},
	{
		id: 'int-en-6',
		language: 'en',
		text: 'Interesting timing. Can you share a case study from a logistics company?',
		intent: 'INTERESTED',
	},
	{
		id: 'int-de-1',
		language: 'de',
		text: 'Hallo Herr Berg,\n\nklingt spannend. Können wir nächste Woche telefonieren? Mittwoch Vormittag passt gut.\n\nViele Grüße\nJana Köhler',
		intent: 'INTERESTED',
	},
	{
		id: 'int-de-2',
		language: 'de',
		text: 'Gerne, schicken Sie mir bitte ein Angebot und ein paar Referenzen.',
		intent: 'INTERESTED',
	},
	{
		id: 'int-fr-1',
		language: 'fr',
		text: 'Bonjour,\n\nOui, cela m’intéresse. Pouvons-nous prévoir un appel jeudi ?\n\nCordialement,\nClaire',
		intent: 'INTERESTED',
	},
	{
		id: 'int-es-1',
		language: 'es',
		text: 'Hola, me interesa. ¿Podemos agendar una llamada esta semana?',
		intent: 'INTERESTED',
	},
	{
		id: 'int-nl-1',
		language: 'nl',
		text: 'Klinkt interessant, stuur me graag wat meer informatie. Groet, Pieter',
		intent: 'INTERESTED',
	},
	{
		id: 'int-sv-1',
		language: 'sv',
		text: 'Hej! Låter intressant, vi kan gärna boka ett möte nästa vecka.',
		intent: 'INTERESTED',
	},
	{
		id: 'int-it-1',
		language: 'it',
		text: 'Buongiorno, mi interessa. Possiamo fissare una chiamata?',
		intent: 'INTERESTED',
	},
	{
		id: 'int-pt-1',
		language: 'pt',
		text: 'Olá, tenho interesse. Podemos marcar uma conversa na próxima semana?',
		intent: 'INTERESTED',
	},

	// ── Not now (with the day to resume when one is given) ──────────────────────────────────────
	{
		id: 'now-en-1',
		language: 'en',
		text: 'Not a priority right now. Ping me in March and we can take a look.',
		intent: 'NOT_NOW',
		date: '2027-03-01',
	},
	{
		id: 'now-en-2',
		language: 'en',
		text: "We're in the middle of a budget freeze. Reach out again in Q2 next year.",
		intent: 'NOT_NOW',
		date: '2027-04-01',
	},
	{
		id: 'now-en-3',
		language: 'en',
		text: 'Bad timing, we are heads down on a migration. Check back in two weeks?',
		intent: 'NOT_NOW',
		date: '2026-12-11',
	},
	{ id: 'now-en-4', language: 'en', text: 'Maybe later. Not this quarter.', intent: 'NOT_NOW' },
	{
		id: 'now-en-5',
		language: 'en',
		text: 'Could you circle back after January 15? Our new budget opens then.',
		intent: 'NOT_NOW',
		date: '2027-01-15',
	},
	{
		id: 'now-en-6',
		language: 'en',
		text: 'Not interested at the moment, but feel free to follow up next year.',
		intent: 'NOT_NOW',
		date: '2027-01-01',
	},
	{
		id: 'now-de-1',
		language: 'de',
		text: 'Aktuell leider kein Bedarf. Melden Sie sich gerne im Februar wieder.',
		intent: 'NOT_NOW',
		date: '2027-02-01',
	},
	{
		id: 'now-de-2',
		language: 'de',
		text: 'Im Moment passt es nicht, vielleicht später im nächsten Jahr.',
		intent: 'NOT_NOW',
		date: '2027-01-01',
	},
	{
		id: 'now-fr-1',
		language: 'fr',
		text: 'Pas pour le moment. Recontactez-moi en avril, svp.',
		intent: 'NOT_NOW',
		date: '2027-04-01',
	},
	{
		id: 'now-es-1',
		language: 'es',
		text: 'Ahora no es buen momento. Escríbeme de nuevo en enero.',
		intent: 'NOT_NOW',
		date: '2027-01-01',
	},
	{
		id: 'now-nl-1',
		language: 'nl',
		text: 'Op dit moment niet, neem in maart nog eens contact op.',
		intent: 'NOT_NOW',
		date: '2027-03-01',
	},
	{
		id: 'now-sv-1',
		language: 'sv',
		text: 'Inte just nu, hör av dig igen i januari.',
		intent: 'NOT_NOW',
		date: '2027-01-01',
	},

	// ── Referral (someone else named) ───────────────────────────────────────────────────────────
	{
		id: 'ref-en-1',
		language: 'en',
		text: "I'm not the right person for this. You should talk to Priya Shah (priya.shah@northwind.example), she runs procurement.",
		intent: 'REFERRAL',
		referral: { name: 'Priya Shah', email: 'priya.shah@northwind.example' },
	},
	{
		id: 'ref-en-2',
		language: 'en',
		text: 'Thanks - looping in Tom Becker who owns our logistics tooling. Tom, over to you.',
		intent: 'REFERRAL',
		referral: { name: 'Tom Becker' },
	},
	{
		id: 'ref-en-3',
		language: 'en',
		text: 'Please reach out to ops@harbor.example instead, they handle vendor requests.',
		intent: 'REFERRAL',
		referral: { email: 'ops@harbor.example' },
	},
	{
		id: 'ref-en-4',
		language: 'en',
		text: 'I moved to a different team. The best person now is Daniel Ortiz, head of RevOps.',
		intent: 'REFERRAL',
		referral: { name: 'Daniel Ortiz' },
	},
	{
		id: 'ref-de-1',
		language: 'de',
		text: 'Dafür bin ich nicht zuständig. Wenden Sie sich bitte an Frau Petra Lang (p.lang@kraft.example).',
		intent: 'REFERRAL',
		referral: { name: 'Petra Lang', email: 'p.lang@kraft.example' },
	},
	{
		id: 'ref-fr-1',
		language: 'fr',
		text: 'Je ne suis pas la bonne personne. Contactez plutôt Marc Dubois, notre directeur des achats : marc.dubois@lumiere.example',
		intent: 'REFERRAL',
		referral: { name: 'Marc Dubois', email: 'marc.dubois@lumiere.example' },
	},
	{
		id: 'ref-es-1',
		language: 'es',
		text: 'No soy la persona indicada, por favor contacta a lucia.mendez@sol.example',
		intent: 'REFERRAL',
		referral: { email: 'lucia.mendez@sol.example' },
	},
	{
		id: 'ref-nl-1',
		language: 'nl',
		text: 'Hiervoor kun je beter contact opnemen met Sanne de Vries, zij gaat over inkoop.',
		intent: 'REFERRAL',
		referral: { name: 'Sanne de Vries' },
	},

	// ── Out of office (with the return day) ─────────────────────────────────────────────────────
	{
		id: 'ooo-en-1',
		language: 'en',
		subject: 'Out of Office: Quick question',
		headers: OOO_HEADERS,
		text: 'Thank you for your email. I am out of the office until Monday, December 7th with limited access to email. For urgent matters please contact support@acme.example.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-07',
	},
	{
		id: 'ooo-en-2',
		language: 'en',
		subject: 'Automatic reply: Intro',
		headers: { 'X-Autoreply': 'yes' },
		text: "I'm on annual leave and will be back on 4 January 2027. I will respond when I return.",
		intent: 'OUT_OF_OFFICE',
		date: '2027-01-04',
	},
	{
		id: 'ooo-en-3',
		language: 'en',
		subject: 'Re: Intro',
		text: 'Hi, I am currently travelling and will return on December 2. Replies may be delayed.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-02',
	},
	{
		id: 'ooo-en-4',
		language: 'en',
		subject: 'Auto: Out of office',
		headers: { Precedence: 'auto_reply' },
		text: 'I am on parental leave until further notice. Please contact my colleague anna@acme.example.',
		intent: 'OUT_OF_OFFICE',
	},
	{
		id: 'ooo-en-5',
		language: 'en',
		subject: 'Away',
		headers: OOO_HEADERS,
		text: 'Thanks for your message. I’m away from the office for the Thanksgiving holiday, returning Tuesday, December 1.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-01',
	},
	{
		id: 'ooo-de-1',
		language: 'de',
		subject: 'Abwesenheitsnotiz: Ihre Anfrage',
		headers: OOO_HEADERS,
		text: 'Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich 11. Dezember nicht im Büro und ab dem 14. Dezember wieder erreichbar.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-14',
	},
	{
		id: 'ooo-de-2',
		language: 'de',
		subject: 'Automatische Antwort',
		headers: { 'Auto-Submitted': 'auto-replied' },
		text: 'Ich befinde mich im Urlaub und bin ab dem 4. Januar wieder im Büro.',
		intent: 'OUT_OF_OFFICE',
		date: '2027-01-04',
	},
	{
		id: 'ooo-fr-1',
		language: 'fr',
		subject: 'Absence du bureau',
		headers: OOO_HEADERS,
		text: "Bonjour, je suis absente du bureau et serai de retour le 5 janvier. En cas d'urgence, contactez mon équipe.",
		intent: 'OUT_OF_OFFICE',
		date: '2027-01-05',
	},
	{
		id: 'ooo-es-1',
		language: 'es',
		subject: 'Respuesta automática: fuera de la oficina',
		headers: OOO_HEADERS,
		text: 'Estoy fuera de la oficina de vacaciones. Estaré de vuelta el 8 de diciembre.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-08',
	},
	{
		id: 'ooo-nl-1',
		language: 'nl',
		subject: 'Afwezig',
		headers: OOO_HEADERS,
		text: 'Ik ben met vakantie en terug op 3 december. Voor dringende zaken kunt u contact opnemen met info@kade.example.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-03',
	},
	{
		id: 'ooo-sv-1',
		language: 'sv',
		subject: 'Frånvaro',
		headers: OOO_HEADERS,
		text: 'Hej! Jag är på semester och tillbaka den 7 december. Mejl läses inte under tiden.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-07',
	},
	{
		id: 'ooo-it-1',
		language: 'it',
		subject: 'Fuori ufficio',
		headers: OOO_HEADERS,
		text: 'Sono fuori ufficio con accesso limitato alla posta. Rientrerò il 9 dicembre.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-09',
	},
	{
		id: 'ooo-pt-1',
		language: 'pt',
		subject: 'Ausência',
		headers: OOO_HEADERS,
		text: 'Estou de férias e estarei de volta em 10 de dezembro.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-10',
	},
	{
		id: 'ooo-no-1',
		language: 'no',
		subject: 'Fravær',
		headers: OOO_HEADERS,
		text: 'Takk for e-posten. Jeg har ferie og er tilbake 14. desember.',
		intent: 'OUT_OF_OFFICE',
		date: '2026-12-14',
	},

	// ── Unsubscribe request ─────────────────────────────────────────────────────────────────────
	{ id: 'uns-en-1', language: 'en', text: 'Please remove me from your mailing list.', intent: 'UNSUBSCRIBE' },
	{ id: 'uns-en-2', language: 'en', text: 'Unsubscribe', intent: 'UNSUBSCRIBE' },
	{
		id: 'uns-en-3',
		language: 'en',
		text: 'Stop emailing me. This is the third message. Take me off your list.',
		intent: 'UNSUBSCRIBE',
	},
	{ id: 'uns-en-4', language: 'en', text: 'Not interested. Do not contact me again.', intent: 'UNSUBSCRIBE' },
	{
		id: 'uns-en-5',
		language: 'en',
		text: 'Under GDPR, please delete my data and stop all further communication.',
		intent: 'UNSUBSCRIBE',
	},
	{
		id: 'uns-de-1',
		language: 'de',
		text: 'Bitte nehmen Sie mich aus Ihrem Verteiler und schreiben Sie mir nicht mehr.',
		intent: 'UNSUBSCRIBE',
	},
	{ id: 'uns-de-2', language: 'de', text: 'Abmelden.', intent: 'UNSUBSCRIBE' },
	{
		id: 'uns-fr-1',
		language: 'fr',
		text: 'Merci de me désinscrire, je ne souhaite plus recevoir vos e-mails.',
		intent: 'UNSUBSCRIBE',
	},
	{
		id: 'uns-es-1',
		language: 'es',
		text: 'Por favor, dame de baja de su lista. No me escriban más.',
		intent: 'UNSUBSCRIBE',
	},
	{
		id: 'uns-nl-1',
		language: 'nl',
		text: 'Graag uitschrijven, ik wil geen e-mails meer ontvangen.',
		intent: 'UNSUBSCRIBE',
	},
	{
		id: 'uns-it-1',
		language: 'it',
		text: 'Vi prego di cancellarmi dalla vostra lista.',
		intent: 'UNSUBSCRIBE',
	},
	{ id: 'uns-sv-1', language: 'sv', text: 'Ta bort mig från er lista, tack.', intent: 'UNSUBSCRIBE' },

	// ── Bounce (a delivery report reaching the thread) ──────────────────────────────────────────
	{
		id: 'bnc-en-1',
		language: 'en',
		from: 'mailer-daemon@googlemail.com',
		subject: 'Delivery Status Notification (Failure)',
		headers: { 'Content-Type': 'multipart/report; report-type=delivery-status' },
		text: "Address not found\nYour message wasn't delivered to nobody@acme.example because the address couldn't be found.\nStatus: 5.1.1",
		intent: 'BOUNCE',
	},
	{
		id: 'bnc-en-2',
		language: 'en',
		from: 'postmaster@mail.kraft.example',
		subject: 'Undeliverable: Quick question',
		text: "Delivery has failed to these recipients or groups: jan@kraft.example. The recipient's mailbox is full. Remote server returned 552 5.2.2",
		intent: 'BOUNCE',
	},
	{
		id: 'bnc-de-1',
		language: 'de',
		from: 'MAILER-DAEMON@web.example',
		subject: 'Unzustellbar: Ihre Anfrage',
		text: 'Die Nachricht konnte nicht zugestellt werden. 550 5.1.1 Benutzer unbekannt',
		intent: 'BOUNCE',
	},

	// ── Other auto-replies (not a person, not out of office) ────────────────────────────────────
	{
		id: 'aut-en-1',
		language: 'en',
		subject: 'Re: Quick question [Ticket #48213]',
		headers: { 'Auto-Submitted': 'auto-replied' },
		text: 'Thank you for contacting support. Your request has been received and a ticket has been created. We will get back to you within 24 hours.',
		intent: 'AUTO_REPLY',
	},
	{
		id: 'aut-en-2',
		language: 'en',
		subject: 'I no longer work at Acme',
		headers: { 'X-Autoreply': 'yes' },
		text: 'This mailbox is no longer monitored. Please direct your enquiries to hello@acme.example.',
		intent: 'AUTO_REPLY',
	},
	{
		id: 'aut-en-3',
		language: 'en',
		subject: 'Read: Quick question',
		headers: { 'Content-Type': 'multipart/report; report-type=disposition-notification' },
		text: 'Your message was read on Friday, November 27, 2026.',
		intent: 'AUTO_REPLY',
	},
	{
		id: 'aut-de-1',
		language: 'de',
		subject: 'Eingangsbestätigung',
		headers: { 'Auto-Submitted': 'auto-generated' },
		text: 'Vielen Dank für Ihre E-Mail. Dies ist eine automatische Eingangsbestätigung. Wir melden uns schnellstmöglich.',
		intent: 'AUTO_REPLY',
	},

	// ── Negative ────────────────────────────────────────────────────────────────────────────────
	{ id: 'neg-en-1', language: 'en', text: "Thanks, but we're not interested.", intent: 'NEGATIVE' },
	{
		id: 'neg-en-2',
		language: 'en',
		text: 'We already use Outreach and are happy with it. No thanks.',
		intent: 'NEGATIVE',
	},
	{ id: 'neg-en-3', language: 'en', text: "We're all set on this front, appreciate it.", intent: 'NEGATIVE' },
	{
		id: 'neg-en-4',
		language: 'en',
		text: 'Not a fit for us - we are a 5 person shop and do everything by hand.',
		intent: 'NEGATIVE',
	},
	{ id: 'neg-en-5', language: 'en', text: 'No.', intent: 'NEGATIVE' },
	{ id: 'neg-de-1', language: 'de', text: 'Vielen Dank, aber wir haben kein Interesse.', intent: 'NEGATIVE' },
	{ id: 'neg-fr-1', language: 'fr', text: 'Merci, mais nous ne sommes pas intéressés.', intent: 'NEGATIVE' },
	{ id: 'neg-es-1', language: 'es', text: 'Gracias, pero no estamos interesados.', intent: 'NEGATIVE' },
	{ id: 'neg-nl-1', language: 'nl', text: 'Bedankt, maar we hebben geen interesse.', intent: 'NEGATIVE' },
	{ id: 'neg-it-1', language: 'it', text: 'Grazie, ma non siamo interessati.', intent: 'NEGATIVE' },
	{ id: 'neg-sv-1', language: 'sv', text: 'Tack, men vi är inte intresserade.', intent: 'NEGATIVE' },
]
