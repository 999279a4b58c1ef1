export function escapeHtml(text: string) {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;')
}

/** The URL if it is an absolute https address, else null (the editor allows only https links). */
export function safeLinkUrl(url: unknown): string | null {
	if (typeof url !== 'string') return null
	const text = url.trim()
	if (!/^https:\/\//i.test(text)) return null
	try {
		new URL(text)
		return text
	} catch {
		return null
	}
}
