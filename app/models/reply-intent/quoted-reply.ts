import { foldText } from './fold-text.ts'

// The reply's own words: the quoted message it answers ("On … wrote:", "> …", a forwarded
// header block) and the signature are cut, so our own email's words ("Not interested? Just let me
// know") never decide what the contact meant.

const QUOTE_HEADER = new RegExp(
	[
		'^on .{3,200} wrote:?\\s*$',
		'^am .{3,200} schrieb',
		'^le .{3,200} a ecrit',
		'^el .{3,200} escribio',
		'^op .{3,200} schreef',
		'^den .{3,200} skrev',
		'^il .{3,200} ha scritto',
		'^em .{3,200} escreveu',
		'^-{2,}\\s*(original message|ursprungliche nachricht|message d.origine|mensaje original|oorspronkelijk bericht)',
		'^_{5,}\\s*$',
		'^(from|von|de|van|fra|från|da):\\s.+@',
	].join('|'),
	'i',
)

const SIGNATURE = /^(--\s*|sent from my .+|envoye de mon .+|von meinem .+ gesendet)$/i

export function cutQuotedReply(text: string): string {
	const kept: string[] = []
	for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
		const folded = foldText(line.trim())
		if (QUOTE_HEADER.test(folded) || SIGNATURE.test(folded)) break
		if (folded.startsWith('>')) continue
		kept.push(line)
	}
	return kept.join('\n').trim()
}
